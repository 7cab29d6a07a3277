import { LOCALES, isLocale } from '@nightlight/domain/users/locales';
import { FormError } from '../../../components/form-error.tsx';
import { Select } from '../../../components/select.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { LANGUAGE_NAMES } from '../../../lib/i18n/language-names.ts';
import { localeFor, useT } from '../../../lib/i18n/i18n-store.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useUpdateLocale } from '../api/locale.ts';

const BROWSER = 'browser';

/**
 * The language the member reads the app in, kept with their account (so on every device); until
 * they choose, their browser's. Each language is named in itself, so it can be found in any.
 */
export function LanguageForm() {
  const t = useT();
  const chosen = useAuthStore((state) => state.user?.locale ?? null);
  const update = useUpdateLocale();
  const browserLanguage = LANGUAGE_NAMES[localeFor(null)];
  return (
    <div className="language-form">
      <FormError message={update.isError ? errorMessage(update.error, t('settings.languageFailed')) : null} />
      <Select
        label={t('settings.language')}
        value={chosen ?? BROWSER}
        disabled={update.isPending}
        options={[{ value: BROWSER, label: t('settings.browserLanguage', { language: browserLanguage }) }, ...LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))]}
        onChange={(event) => {
          const value = event.target.value;
          update.mutate(isLocale(value) ? value : null);
        }}
      />
    </div>
  );
}
