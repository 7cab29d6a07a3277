import { describe, expect, it } from 'vitest';
import { heapFlagsFor } from './heap-growth';

describe('the heap flags npm start gives the server', () => {
  it('bounds the heap growth to half of what is live, with a young generation of 32 MiB halves, when the caller gave no heap flags', () => {
    expect(heapFlagsFor([], undefined)).toEqual(['--heap-growing-percent=50', '--max-semi-space-size=32']);
    expect(heapFlagsFor(['--enable-source-maps'], '--trace-warnings')).toEqual(['--heap-growing-percent=50', '--max-semi-space-size=32']);
  });

  it("leaves the heap to the caller's own flags, on the command line or in NODE_OPTIONS", () => {
    expect(heapFlagsFor(['--max-old-space-size=512'], undefined)).toBeNull();
    expect(heapFlagsFor(['--heap-growing-percent=20'], undefined)).toBeNull();
    expect(heapFlagsFor([], '--trace-warnings --max_old_space_size=1024')).toBeNull();
    expect(heapFlagsFor(['--max-old-space-size', '512'], undefined)).toBeNull();
    expect(heapFlagsFor([], '--max-semi-space-size=64')).toBeNull();
  });

  it('does not mistake a flag that only begins alike', () => {
    expect(heapFlagsFor(['--max-old-space-size-extra=1'], undefined)).toEqual(['--heap-growing-percent=50', '--max-semi-space-size=32']);
  });
});
