import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { GrowthUnits, Units, VolumeUnit } from '../../../types/api.ts';
import { useUpdateUnits } from '../api/units.ts';

const VOLUMES: readonly VolumeUnit[] = ['mL', 'oz'];
const GROWTH: readonly GrowthUnits[] = ['metric', 'imperial'];
const GROWTH_LABELS = { metric: 'kg and cm', imperial: 'lb and in' } satisfies Record<GrowthUnits, string>;

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

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate(value, { onSuccess: () => setDraft(null) });
  }

  return (
    <form className="units-form" onSubmit={handleSubmit} aria-label="Units">
      <FormError message={update.isError ? errorMessage(update.error, 'Could not save your units. Please try again.') : null} />
      <ChoiceGroup legend="Bottles and pumping" name="units-volume" options={VOLUMES} value={value.volume} onChange={(volume) => setDraft({ ...value, volume })} />
      <ChoiceGroup legend="Growth" name="units-growth" options={GROWTH} labelOf={(growth) => GROWTH_LABELS[growth]} value={value.growth} onChange={(growth) => setDraft({ ...value, growth })} />
      {chosen === null && <p className="form-note">Chosen from your browser&apos;s language until you save your own.</p>}
      {update.isSuccess && draft === null && (
        <p className="form-success" role="status">
          Units saved
        </p>
      )}
      <Button type="submit" variant="secondary" disabled={update.isPending || (draft === null && chosen !== null)}>
        Save Units
      </Button>
    </form>
  );
}
