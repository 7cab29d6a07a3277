import { describe, expect, it } from 'vitest';
import { ALERTING_MILESTONES, FEEDING_MILESTONES, feedingMilestone } from './feeding-guide.ts';

const sharedDetails = [
  'About 2.5 oz of formula per pound of body weight per day (AAP).',
  'Generally no more than 32 oz in 24 hours (AAP).',
  'Feed on cues of hunger and fullness; amounts vary from baby to baby (AAP, CDC).',
  'Breast-fed babies feed on cue; these amounts are for formula feeding.',
  'Tracking only: this is not medical advice; ask your pediatrician.',
];

describe('the feeding guide', () => {
  it('has six milestones in order of age', () => {
    expect(FEEDING_MILESTONES.map((m) => [m.key, m.ageMonths])).toEqual([
      ['newborn', 0],
      ['1-month', 1],
      ['2-months', 2],
      ['4-months', 4],
      ['6-months', 6],
      ['12-months', 12],
    ]);
  });

  it('keeps the newborn baseline out of the alerts', () => {
    expect(ALERTING_MILESTONES.map((m) => m.key)).toEqual(['1-month', '2-months', '4-months', '6-months', '12-months']);
  });

  it('gives the newborn baseline with its source', () => {
    expect(feedingMilestone('newborn')).toEqual({
      key: 'newborn',
      label: 'Newborn',
      ageMonths: 0,
      amountPerFeeding: '1–2 oz (30–60 mL)',
      feedingsPerDay: '8–12',
      details: sharedDetails,
      source: 'CDC, "How Much and How Often to Feed Infant Formula"',
    });
  });

  it('gives amounts and feedings per day at each milestone', () => {
    expect(FEEDING_MILESTONES.map((m) => [m.label, m.amountPerFeeding, m.feedingsPerDay])).toEqual([
      ['Newborn', '1–2 oz (30–60 mL)', '8–12'],
      ['1 month', '3–4 oz (90–120 mL)', '6–8'],
      ['2 months', '4–5 oz (120–150 mL)', '6–7'],
      ['4 months', '4–6 oz (120–180 mL)', '5–6'],
      ['6 months', '6–8 oz (180–240 mL)', '4–5, with solid foods starting'],
      ['12 months', "Whole cow's milk or fortified soy drink instead of formula", '—'],
    ]);
  });

  it('puts milestone-specific details before the shared ones', () => {
    expect(feedingMilestone('1-month').details).toEqual(sharedDetails);
    expect(feedingMilestone('2-months').details).toEqual([
      'The CHOP Infant Feeding Guide gives 5–6 oz, 5–6 feedings a day.',
      ...sharedDetails,
    ]);
    expect(feedingMilestone('12-months').details).toEqual([
      "Whole cow's milk or a fortified soy drink replaces formula.",
      ...sharedDetails,
    ]);
  });

  it('names a source for every milestone', () => {
    expect(FEEDING_MILESTONES.map((m) => m.source)).toEqual([
      'CDC, "How Much and How Often to Feed Infant Formula"',
      'AAP, HealthyChildren.org, "Amount and Schedule of Baby Formula Feedings"',
      'AAP, HealthyChildren.org, "Amount and Schedule of Baby Formula Feedings"; CHOP Infant Feeding Guide',
      'AAP, HealthyChildren.org, "Amount and Schedule of Baby Formula Feedings"; CHOP Infant Feeding Guide',
      'AAP, HealthyChildren.org, "Amount and Schedule of Baby Formula Feedings"; CDC',
      'CDC',
    ]);
  });
});
