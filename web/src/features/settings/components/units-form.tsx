import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { GrowthUnits, Units, VolumeUnit } from '../../../types/api.ts';
import { useUpdateUnits } from '../api/units.ts';
import { useT, type MessageKey } from '../../../lib/i18n/i18n-store.ts';

const VOLUMES: readonly VolumeUnit[] = ['mL', 'oz'];
const GROWTH: readonly GrowthUnits[] = ['metric', 'imperial'];
const GROWTH_LABELS = { metric: 'units.metric', imperial: 'units.imperial' } satisfies Record<GrowthUnits, MessageKey>;

/**
 * Millilitres or ounces, kilograms or pounds: each member of a family chooses their own. Until they
 * do, the browser's language chooses (every screen and answer uses it): the form shows that choice
 * and can save it as it is.
 */
export function UnitsForm() {
  const current = useUnits();
  const chosen = useAuthStore((state) => state.user?.units ?? null);
  const update = useUpdateUnits();
  const [draft, setDraft] = useState<Units | null>(null);
  const value = draft ?? current;
  const t = useT();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate(value, { onSuccess: () => setDraft(null) });
  }

  return (
    <form className="units-form" onSubmit={handleSubmit} aria-label={t('units.label')}>
      <FormError message={update.isError ? errorMessage(update.error, t('units.failed')) : null} />
      <ChoiceGroup legend={t('units.volume')} name="units-volume" options={VOLUMES} value={value.volume} onChange={(volume) => setDraft({ ...value, volume })} />
      <ChoiceGroup legend={t('growth.title')} name="units-growth" options={GROWTH} labelOf={(growth) => t(GROWTH_LABELS[growth])} value={value.growth} onChange={(growth) => setDraft({ ...value, growth })} />
      {chosen === null && <p className="form-note">{t('units.fromBrowser')}</p>}
      {update.isSuccess && draft === null && (
        <p className="form-success" role="status">
          {t('units.saved')}
        </p>
      )}
      <Button type="submit" variant="secondary" disabled={update.isPending || (draft === null && chosen !== null)}>
        {t('units.save')}
      </Button>
    </form>
  );
}
