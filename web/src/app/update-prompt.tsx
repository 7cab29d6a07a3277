import { useEffect, useState } from 'react';
import { Button } from '../components/button.tsx';
import { useT } from '../lib/i18n/i18n-store.ts';

/** Service workers exist only in secure contexts (https, localhost), and only in a build. */
function canRegister(): boolean {
  return !import.meta.env.DEV && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

type Loader = () => Promise<{ registerServiceWorker: (onNeedRefresh: (reload: () => Promise<void>) => void) => void }>;

// Loaded after the first screen, in its own chunk: the sign-in page does not wait for Workbox.
const loadServiceWorker: Loader = () => import('../lib/service-worker.ts');

/**
 * Registers the service worker once, and when a new version of the app is waiting says so, with
 * 'Reload' to switch to it. Until then the version the page started with goes on working.
 */
export function UpdatePrompt({ load = loadServiceWorker, enabled = canRegister() }: { load?: Loader; enabled?: boolean }) {
  const [reload, setReload] = useState<(() => Promise<void>) | null>(null);
  const [reloading, setReloading] = useState(false);
  const t = useT();

  useEffect(() => {
    if (!enabled) return;
    let mounted = true;
    void load()
      .then(({ registerServiceWorker }) =>
        registerServiceWorker((activate) => {
          if (mounted) setReload(() => activate);
        }),
      )
      .catch((error: unknown) => console.error('The service worker could not be loaded', error));
    return () => {
      mounted = false;
    };
  }, [enabled, load]);

  if (!reload) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{t('update.ready')}</span>
      <Button
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          void reload();
        }}
      >
        {t('update.reload')}
      </Button>
    </div>
  );
}
