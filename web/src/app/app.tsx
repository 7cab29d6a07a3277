import { useLocale } from '../lib/i18n/i18n-store.ts';
import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';

export function App() {
  // Every screen is shown again in a newly chosen language, texts made outside components too.
  const locale = useLocale();
  return (
    <AppProvider>
      <AppRouter key={locale} />
    </AppProvider>
  );
}
