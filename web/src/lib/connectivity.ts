import { onlineManager } from '@tanstack/react-query';

// Whether the server can be reached, as React Query's onlineManager holds it: queries pause and the
// outbox waits while it is false. navigator.onLine alone cannot be trusted: a phone on a network
// that does not reach the server (a captive portal, one bar of signal) says it is online, and a
// page opened from the service worker with no signal may too. So a request that gets no answer
// counts as offline, and a small probe finds out when the server answers again.

const PROBE_PATH = '/healthz';
const FIRST_PROBE_MS = 3_000;
const LAST_PROBE_MS = 30_000;

let probeTimer: ReturnType<typeof setTimeout> | null = null;
let probeDelay = FIRST_PROBE_MS;

async function probe(): Promise<void> {
  probeTimer = null;
  try {
    const response = await fetch(PROBE_PATH, { cache: 'no-store' });
    if (response.ok) {
      probeDelay = FIRST_PROBE_MS;
      onlineManager.setOnline(true);
      return;
    }
  } catch {
    // Still no answer.
  }
  scheduleProbe();
}

function scheduleProbe(): void {
  if (probeTimer !== null || onlineManager.isOnline()) return;
  probeTimer = setTimeout(() => void probe(), probeDelay);
  probeDelay = Math.min(probeDelay * 2, LAST_PROBE_MS);
}

/** A request got no answer at all: offline until the server answers a probe (or the browser says online). */
export function reportNetworkFailure(): void {
  if (onlineManager.isOnline()) onlineManager.setOnline(false);
  scheduleProbe();
}

if (typeof window !== 'undefined') {
  // Opened with no signal: say so before the first request fails.
  if (navigator.onLine === false) reportNetworkFailure();
  window.addEventListener('offline', () => reportNetworkFailure());
  // The browser's word that the network is back: ask the server at once instead of at the next probe.
  window.addEventListener('online', () => {
    if (probeTimer !== null) clearTimeout(probeTimer);
    probeDelay = FIRST_PROBE_MS;
    void probe();
  });
}

/** Back to online with no probe pending (between component tests). */
export function resetConnectivity(): void {
  if (probeTimer !== null) clearTimeout(probeTimer);
  probeTimer = null;
  probeDelay = FIRST_PROBE_MS;
  onlineManager.setOnline(true);
}
