import { useI18nStore } from './i18n-store.ts';

/**
 * The texts of an entry kind the app's catalogs word: its name (one, and many), its Add button, its
 * facts' names, and `label`, its name on a line where that differs from its dialogs' ('Solid', 'Tummy time').
 */
export type KindTextPart = 'name' | 'label' | 'plural' | 'add' | 'duration' | 'amount';

/**
 * A kind's text in the current language; a kind the catalogs do not word yet shows the words it
 * declares itself.
 */
export function kindText(kind: string, part: KindTextPart, declared: string): string {
  const { intl } = useI18nStore.getState();
  const id = `kind.${kind}.${part}`;
  return id in intl.messages ? intl.formatMessage({ id }) : declared;
}
