import type { EntryLineParts } from '../entries/entry-kind-definition';
import { DomainRuleError } from '../shared/domain-event';

// The rules, words and line of a dose of medicine, without zod: the web's dialog reads them too.

/** What a dose is measured in: a syrup's millilitres, a weight, drops, or tablets. */
export type DoseUnit = 'mL' | 'mg' | 'drops' | 'tablets';
export const DOSE_UNITS = ['mL', 'mg', 'drops', 'tablets'] as const satisfies readonly DoseUnit[];

export const MAX_MEDICATION_NAME_LENGTH = 60;
/** A dose above this in any unit is a typing slip (a child's largest doses are a few hundred mg). */
export const MAX_DOSE = 1000;

export interface MedicationInput {
  occurredAt: string;
  name: string;
  dose: number;
  doseUnit: DoseUnit;
  notes?: string | null;
}

export interface CheckedMedication {
  occurredAt: string;
  name: string;
  dose: number;
  doseUnit: DoseUnit;
  notes: string;
}

/** The Add Medication dialog's rules, enforced again on the server. */
export function checkMedication(input: MedicationInput, now: Date): CheckedMedication {
  const occurred = new Date(input.occurredAt);
  if (occurred.getTime() > now.getTime()) throw new DomainRuleError('Cannot select future date and time', 'occurredAt');
  const name = input.name.trim();
  if (name === '') throw new DomainRuleError('Name is required', 'name');
  if (name.length > MAX_MEDICATION_NAME_LENGTH) throw new DomainRuleError(`Name must be ${MAX_MEDICATION_NAME_LENGTH} characters or less`, 'name');
  if (!(input.dose > 0) || input.dose > MAX_DOSE) throw new DomainRuleError(`Dose must be more than 0 and at most ${MAX_DOSE}`, 'dose');
  return { occurredAt: occurred.toISOString(), name, dose: input.dose, doseUnit: input.doseUnit, notes: input.notes?.trim() ?? '' };
}

/** A dose as read: '2.5 mL', '1 tablet', '3 drops'. */
export function doseText({ dose, doseUnit }: { dose: number; doseUnit: DoseUnit }): string {
  const unit = dose === 1 && (doseUnit === 'tablets' || doseUnit === 'drops') ? doseUnit.slice(0, -1) : doseUnit;
  return `${dose} ${unit}`;
}

/** A dose's line as stored: the dose alone. The name is sealed, so it is put in front only when the line is read. */
export const medicationLine = (medication: { dose: number; doseUnit: DoseUnit }): EntryLineParts => ({ icon: '💊', amount: doseText(medication) });

/** The line's amount as its reader sees it, with the name opened: 'Paracetamol · 2.5 mL'. */
export const medicationAmountText = (medication: { name: string; dose: number; doseUnit: DoseUnit }): string =>
  medication.name ? `${medication.name} · ${doseText(medication)}` : doseText(medication);
