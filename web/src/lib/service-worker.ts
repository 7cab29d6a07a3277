/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the app's service worker (made by Workbox at build time, see vite.config.ts). When a new
 * version has been deployed and is waiting, `onNeedRefresh` gets the function that activates it and
 * reloads the page: the parent chooses when, so nothing half-typed is lost.
 */
export function registerServiceWorker(onNeedRefresh: (reload: () => Promise<void>) => void): void {
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => onNeedRefresh(() => updateServiceWorker(true)),
    onRegisterError: (error: unknown) => console.error('The service worker could not be registered', error),
  });
}
