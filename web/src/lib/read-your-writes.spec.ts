import { describe, expect, it, vi } from 'vitest';
import { getHighestPosition, recordPosition, resetPositionTracking } from './read-your-writes.ts';

/** The module as a reloaded page gets it: a fresh copy reading what the tab stored. */
async function afterReload() {
  vi.resetModules();
  return import('./read-your-writes.ts');
}

describe('read-your-writes position', () => {
  it('keeps the highest position, never going back', () => {
    recordPosition(42);
    recordPosition(17);
    recordPosition(Number.NaN);

    expect(getHighestPosition()).toBe(42);
  });

  it('survives a reload of the tab', async () => {
    recordPosition(42);

    const reloaded = await afterReload();

    expect(reloaded.getHighestPosition()).toBe(42);
  });

  it('is forgotten on sign-out, also across a reload', async () => {
    recordPosition(42);
    resetPositionTracking();

    expect(getHighestPosition()).toBe(0);
    expect((await afterReload()).getHighestPosition()).toBe(0);
  });

  it('ignores a stored value that is not a position', async () => {
    sessionStorage.setItem('nightlight-min-position', 'soon');

    expect((await afterReload()).getHighestPosition()).toBe(0);
  });
});
