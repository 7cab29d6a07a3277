// The API client lives outside React, yet must send the user to the login page when the
// session cannot be refreshed. The router registers its navigate function here; until it
// does (or in a bare script), a full page load does the job.

type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate | null = null;

export function registerNavigate(navigate: Navigate | null): void {
  navigateImpl = navigate;
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  if (navigateImpl) {
    navigateImpl(path, options);
    return;
  }
  if (options?.replace) window.location.replace(path);
  else window.location.assign(path);
}
