/**
 * The public pediatric feeding guide the milestone alerts follow (formula feeding), as data.
 * Figures and sources are those of the project's feeding guide facts; each milestone names its own.
 */

export type MilestoneKey = 'newborn' | '1-month' | '2-months' | '4-months' | '6-months' | '12-months';

export interface FeedingMilestone {
  key: MilestoneKey;
  label: string;
  /** Age at which the milestone is reached, in calendar months from the birth date. */
  ageMonths: number;
  amountPerFeeding: string;
  feedingsPerDay: string;
  /** Milestone-specific notes first, then the notes that hold at every age. */
  details: readonly string[];
  source: string;
}

const AAP_SCHEDULE = 'AAP, HealthyChildren.org, "Amount and Schedule of Baby Formula Feedings"';

const SHARED_DETAILS: readonly string[] = [
  'About 2.5 oz of formula per pound of body weight per day (AAP).',
  'Generally no more than 32 oz in 24 hours (AAP).',
  'Feed on cues of hunger and fullness; amounts vary from baby to baby (AAP, CDC).',
  'Breast-fed babies feed on cue; these amounts are for formula feeding.',
  'Tracking only: this is not medical advice; ask your pediatrician.',
];

export const FEEDING_MILESTONES: readonly FeedingMilestone[] = [
  {
    key: 'newborn',
    label: 'Newborn',
    ageMonths: 0,
    amountPerFeeding: '1–2 oz (30–60 mL)',
    feedingsPerDay: '8–12',
    details: SHARED_DETAILS,
    source: 'CDC, "How Much and How Often to Feed Infant Formula"',
  },
  {
    key: '1-month',
    label: '1 month',
    ageMonths: 1,
    amountPerFeeding: '3–4 oz (90–120 mL)',
    feedingsPerDay: '6–8',
    details: SHARED_DETAILS,
    source: AAP_SCHEDULE,
  },
  {
    key: '2-months',
    label: '2 months',
    ageMonths: 2,
    amountPerFeeding: '4–5 oz (120–150 mL)',
    feedingsPerDay: '6–7',
    details: ['The CHOP Infant Feeding Guide gives 5–6 oz, 5–6 feedings a day.', ...SHARED_DETAILS],
    source: `${AAP_SCHEDULE}; CHOP Infant Feeding Guide`,
  },
  {
    key: '4-months',
    label: '4 months',
    ageMonths: 4,
    amountPerFeeding: '4–6 oz (120–180 mL)',
    feedingsPerDay: '5–6',
    details: ['The CHOP Infant Feeding Guide gives 6–7 oz for 3–5 months.', ...SHARED_DETAILS],
    source: `${AAP_SCHEDULE}; CHOP Infant Feeding Guide`,
  },
  {
    key: '6-months',
    label: '6 months',
    ageMonths: 6,
    amountPerFeeding: '6–8 oz (180–240 mL)',
    feedingsPerDay: '4–5, with solid foods starting',
    details: ['Solid foods start alongside formula.', ...SHARED_DETAILS],
    source: `${AAP_SCHEDULE}; CDC`,
  },
  {
    key: '12-months',
    label: '12 months',
    ageMonths: 12,
    amountPerFeeding: "Whole cow's milk or fortified soy drink instead of formula",
    // The guide gives no count of feedings at this age.
    feedingsPerDay: '—',
    details: ["Whole cow's milk or a fortified soy drink replaces formula.", ...SHARED_DETAILS],
    source: 'CDC',
  },
];

/** Newborn is the baseline the dashboard can show; only the later milestones raise alerts. */
export const ALERTING_MILESTONES: readonly FeedingMilestone[] = FEEDING_MILESTONES.filter((m) => m.ageMonths > 0);

export function feedingMilestone(key: MilestoneKey): FeedingMilestone {
  const milestone = FEEDING_MILESTONES.find((m) => m.key === key);
  if (!milestone) throw new RangeError(`No feeding milestone '${key}'`);
  return milestone;
}
