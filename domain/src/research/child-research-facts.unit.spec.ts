import { describe, expect, it } from 'vitest';
import { childResearchFactsOf, childResearchProfileOf, mayResearch } from './child-research-facts';

const ref = { childId: '0190c0de-0000-7000-8000-000000000001', ownerId: '0190c0de-0000-7000-8000-0000000000aa' };
// Shift draws 0x19 (-7 days); the research birthday draws 0x0e, the 15th day of the month.
const digest = (message: string) => (message.startsWith('shift:') ? '00000019' : message.startsWith('birthday:') ? '0000000e' : 'abababab').padEnd(64, 'ab');
const registered = {
  type: 'ChildRegistered',
  data: { ...ref, displayName: 'v1.name', birthDate: 'v1.birth', sex: 'Male', nightWindowStart: '19:00', nightWindowEnd: '08:00', timezone: 'UTC' },
};
const updated = { ...registered, type: 'ChildProfileUpdated', data: { ...registered.data, timezone: 'Europe/Berlin', nightWindowStart: '20:00' } };
const anonymized = { type: 'ChildAnonymized', data: { childId: ref.childId, sex: 'Male', birthMonth: '2026-09' } };
const removed = { type: 'ChildRemoved', data: ref };
const consent = (value: boolean) => ({ type: 'ChildResearchConsentChanged', data: { childId: ref.childId, consent: value } });
const schedule = { timezone: 'Europe/Berlin', nightWindowStart: '20:00', nightWindowEnd: '08:00' };

describe("a child's research facts", () => {
  it('count ages from the opened birth date, on the shifted calendar, while the child is active', () => {
    expect(childResearchFactsOf(childResearchProfileOf([registered, updated])!, '2026-09-03', digest)).toEqual({
      pseudonym: 'c_abababababababab',
      sex: 'Male',
      researchBirthDate: '2026-08-27',
      ageFrom: 'birth-date',
      dateShiftDays: -7,
      schedule,
    });
  });

  it('count ages from the secret day of the birth month once anonymised, with or without the key, under the same pseudonym and shift', () => {
    const profile = childResearchProfileOf([registered, updated, anonymized])!;
    const expected = { pseudonym: 'c_abababababababab', sex: 'Male', researchBirthDate: '2026-09-08', ageFrom: 'birth-month', dateShiftDays: -7, schedule };
    expect(childResearchFactsOf(profile, '2026-09-03', digest)).toEqual(expected);
    expect(childResearchFactsOf(profile, null, digest)).toEqual(expected);
  });

  it('have no birth date when the key is gone and anonymisation kept no month', () => {
    const profile = childResearchProfileOf([registered, { ...anonymized, data: { ...anonymized.data, birthMonth: null } }])!;
    expect(childResearchFactsOf(profile, null, digest)).toMatchObject({ researchBirthDate: null, ageFrom: null, dateShiftDays: -7 });
  });
});

describe('who research may have', () => {
  it('a child a parent said yes for, until they say no', () => {
    expect(mayResearch(childResearchProfileOf([registered, consent(true)])!)).toBe(true);
    expect(mayResearch(childResearchProfileOf([registered, consent(true), updated, consent(false)])!)).toBe(false);
  });

  it('not a child nobody was asked about, as every child from before the question', () => {
    expect(childResearchProfileOf([registered, updated])!.consent).toBeNull();
    expect(mayResearch(childResearchProfileOf([registered, updated])!)).toBe(false);
  });

  it("a deleted account's child, kept anonymised for research, unless a parent said no", () => {
    expect(mayResearch(childResearchProfileOf([registered, anonymized])!)).toBe(true);
    expect(mayResearch(childResearchProfileOf([registered, consent(false), anonymized])!)).toBe(false);
  });

  it('never a child its parent removed, anonymised later or not', () => {
    expect(mayResearch(childResearchProfileOf([registered, consent(true), removed])!)).toBe(false);
    expect(mayResearch(childResearchProfileOf([registered, removed, anonymized])!)).toBe(false);
  });
});
