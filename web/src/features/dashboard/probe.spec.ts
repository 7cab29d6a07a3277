import { expect, it, vi } from 'vitest';
it('probe', () => {
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  window.location.reload();
  expect(reload).toHaveBeenCalled();
  expect(typeof crypto.randomUUID()).toBe('string');
  console.log(new Date(2025, 10, 16).toLocaleDateString(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }), Intl.DateTimeFormat().resolvedOptions().timeZone);
  vi.unstubAllGlobals();
});
