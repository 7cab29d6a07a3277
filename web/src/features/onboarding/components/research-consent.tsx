import { useT } from '../../../lib/i18n/i18n-store.ts';
/** What the consent dialog says about research, and the optional answer it asks for. */
export function ResearchDisclosure() {
  const t = useT();
  return (
    <section>
      <h3>{t('consent.researchTitle')}</h3>
      <p>{t('consent.research')}</p>
    </section>
  );
}

type ResearchChoiceProps = { checked: boolean; onChange: (checked: boolean) => void };

export function ResearchChoice({ checked, onChange }: ResearchChoiceProps) {
  const t = useT();
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{t('consent.researchChoice')}</span>
    </label>
  );
}
