import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { ChildRemoved } from '../children/child.events';
import { eventDefinition } from './event-definition';
import { eventRegistry, schemaVersionOf, upcastEvent, validateEventData, type EventRegistry, type RegisteredEventType } from './event-registry';

/** One valid event of every type the system appends, as its decider produces it (sealed fields are ciphertext). */
const samples: Record<RegisteredEventType, unknown> = {
  UserRegistered: { userId: 'u1', email: 'sealed-email', emailDigest: 'digest-1', passwordHash: 'sealed-hash', referralCode: 'ABC123' },
  EmailChanged: { userId: 'u1', email: 'sealed-email-2', emailDigest: 'digest-2' },
  PasswordChanged: { userId: 'u1', passwordHash: 'sealed-hash-2' },
  OnboardingCompleted: { userId: 'u1' },
  OnboardingReopened: { userId: 'u1' },
  ChildLinkedToAccount: { userId: 'u1', childId: 'c1' },
  AccountDeleted: { userId: 'u1' },
  DataKeyDestroyed: { userId: 'u1' },
  EmailReserved: { userId: 'u1' },
  EmailReleased: { userId: 'u1' },
  ReferralCodeIssued: { code: 'ABC123', uses: 5, issuedTo: 'u1' },
  ReferralCodeRedeemed: { code: 'ABC123', userId: 'u2' },
  ReferralCodeWithdrawn: { code: 'ABC123' },
  OperatorReferralCodeListed: { code: 'ABC123', uses: 1000, source: 'config' },
  ChildRegistered: {
    childId: 'c1',
    ownerId: 'u1',
    displayName: 'sealed-name',
    birthDate: 'sealed-birth-date',
    sex: 'Female',
    nightWindowStart: '19:00',
    nightWindowEnd: '08:00',
    timezone: 'Europe/Oslo',
  },
  ChildProfileUpdated: {
    childId: 'c1',
    ownerId: 'u1',
    displayName: 'sealed-name-2',
    birthDate: 'sealed-birth-date',
    sex: 'Unknown',
    nightWindowStart: '20:00',
    nightWindowEnd: '07:00',
    timezone: 'UTC',
  },
  ChildRemoved: { childId: 'c1', ownerId: 'u1' },
  ChildResearchConsentChanged: { childId: 'c1', consent: true },
  ChildInvitationIssued: { childId: 'c1', invitationId: 'digest-of-code', role: 'caregiver', invitedBy: 'u1', expiresAt: '2026-12-02T10:00:00.000Z', code: 'sealed-code' },
  ChildInvitationRevoked: { childId: 'c1', invitationId: 'digest-of-code' },
  ChildMemberJoined: { childId: 'c1', memberId: 'u2', role: 'caregiver', number: 2, invitationId: 'digest-of-code' },
  ChildMemberRoleChanged: { childId: 'c1', memberId: 'u2', role: 'parent' },
  ChildMemberLeft: { childId: 'c1', memberId: 'u2' },
  InvitationCodeIssued: { invitationId: 'digest-of-code', childId: 'c1' },
  DisplayNameChanged: { userId: 'u1', displayName: 'sealed-display-name' },
  ChildAnonymized: { childId: 'c1', sex: 'Female', birthMonth: '2026-03' },
  MilestoneAlertRaised: {
    childId: 'c1',
    alertId: 'c1:1-month:ONE_WEEK_WARNING',
    milestoneKey: '1-month',
    alertType: 'ONE_WEEK_WARNING',
    raisedAt: '2026-04-08T06:00:00.000Z',
  },
  MilestoneAlertShown: { childId: 'c1', alertId: 'c1:1-month:ONE_WEEK_WARNING', at: '2026-04-08T07:00:00.000Z' },
  MilestoneAlertDismissed: { childId: 'c1', alertId: 'c1:1-month:ONE_WEEK_WARNING', at: '2026-04-08T07:05:00.000Z' },
  MilestoneAlertSnoozed: { childId: 'c1', alertId: 'c1:1-month:ONE_WEEK_WARNING', at: '2026-04-08T07:05:00.000Z', until: '2026-04-09T07:05:00.000Z' },
  MilestoneAlertWithdrawn: { childId: 'c1', alertId: 'c1:1-month:ONE_WEEK_WARNING', at: '2026-04-10T09:00:00.000Z' },
  FeedingLogged: {
    feedingId: 'f1',
    childId: 'c1',
    ownerId: 'u1',
    startedAt: '2026-11-20T14:00:00.000Z',
    endedAt: '2026-11-20T14:15:00.000Z',
    amountOz: 4.25,
    enteredAmount: { value: 4.25, unit: 'oz' },
    method: 'Bottle',
    type: 'Formula',
    sides: null,
    notes: 'sealed-notes',
  },
  FeedingCorrected: {
    feedingId: 'f1',
    childId: 'c1',
    ownerId: 'u1',
    startedAt: '2026-11-20T14:00:00.000Z',
    endedAt: '2026-11-20T14:30:00.000Z',
    amountOz: null,
    enteredAmount: null,
    method: 'Nursing',
    type: null,
    sides: null,
    notes: 'sealed-notes',
  },
  FeedingDeleted: { feedingId: 'f1', childId: 'c1', ownerId: 'u1' },
  FeedingRestored: {
    feedingId: 'f1',
    childId: 'c1',
    ownerId: 'u1',
    startedAt: '2026-11-20T14:00:00.000Z',
    endedAt: '2026-11-20T14:30:00.000Z',
    amountOz: null,
    enteredAmount: null,
    method: 'Nursing',
    type: null,
    sides: { leftMinutes: 20, rightMinutes: 10 },
    notes: 'sealed-notes',
  },
  SleepLogged: {
    sleepId: 's1',
    childId: 'c1',
    ownerId: 'u1',
    startedAt: '2026-11-20T19:00:00.000Z',
    endedAt: '2026-11-21T05:00:00.000Z',
    environment: { roomTemp: 68, whiteNoise: true, sleepSackTag: 'sealed-sack-tag', sleepSackTog: 1 },
    notes: 'sealed-notes',
  },
  SleepCorrected: {
    sleepId: 's1',
    childId: 'c1',
    ownerId: 'u1',
    startedAt: '2026-11-20T19:30:00.000Z',
    endedAt: '2026-11-21T05:00:00.000Z',
    environment: null,
    notes: 'sealed-notes',
  },
  SleepDeleted: { sleepId: 's1', childId: 'c1', ownerId: 'u1' },
  SleepRestored: {
    sleepId: 's1',
    childId: 'c1',
    ownerId: 'u1',
    startedAt: '2026-11-20T19:30:00.000Z',
    endedAt: '2026-11-21T05:00:00.000Z',
    environment: { roomTemp: null, whiteNoise: false, sleepSackTag: null, sleepSackTog: null },
    notes: 'sealed-notes',
  },
  FeedingNotesResealed: { feedingId: 'f1', childId: 'c1', ownerId: 'u1', notes: 'sealed-notes-2' },
  UnitsChosen: { userId: 'u1', volume: 'mL', growth: 'metric' },
  LocaleChosen: { userId: 'u1', locale: 'de' },
  DiaperChanged: { diaperId: 'd1', childId: 'c1', ownerId: 'u1', occurredAt: '2026-11-20T10:00:00.000Z', contents: 'dirty', color: 'green', notes: 'sealed-notes' },
  DiaperCorrected: { diaperId: 'd1', childId: 'c1', ownerId: 'u1', occurredAt: '2026-11-20T10:05:00.000Z', contents: 'wet', color: null, notes: 'sealed-notes' },
  DiaperDeleted: { diaperId: 'd1', childId: 'c1', ownerId: 'u1' },
  DiaperRestored: { diaperId: 'd1', childId: 'c1', ownerId: 'u1', occurredAt: '2026-11-20T10:05:00.000Z', contents: 'wet', color: null, notes: 'sealed-notes' },
  GrowthMeasured: { measurementId: 'g1', childId: 'c1', ownerId: 'u1', measuredOn: '2026-11-20', weightKg: 6.2, lengthCm: null, headCm: 40.5, enteredIn: 'metric' },
  GrowthMeasurementCorrected: { measurementId: 'g1', childId: 'c1', ownerId: 'u1', measuredOn: '2026-11-20', weightKg: 6.25, lengthCm: 61, headCm: null, enteredIn: 'imperial' },
  GrowthMeasurementDeleted: { measurementId: 'g1', childId: 'c1', ownerId: 'u1' },
  GrowthMeasurementRestored: { measurementId: 'g1', childId: 'c1', ownerId: 'u1', measuredOn: '2026-11-20', weightKg: 6.25, lengthCm: 61, headCm: null, enteredIn: 'imperial' },
  PumpingLogged: { pumpingId: 'p1', childId: 'c1', ownerId: 'u1', startedAt: '2026-11-20T10:00:00.000Z', durationMinutes: 20, leftAmount: 60, rightAmount: null, unit: 'mL', notes: 'sealed-notes' },
  PumpingCorrected: { pumpingId: 'p1', childId: 'c1', ownerId: 'u1', startedAt: '2026-11-20T10:00:00.000Z', durationMinutes: null, leftAmount: 2, rightAmount: 2.5, unit: 'oz', notes: 'sealed-notes' },
  PumpingDeleted: { pumpingId: 'p1', childId: 'c1', ownerId: 'u1' },
  PumpingRestored: { pumpingId: 'p1', childId: 'c1', ownerId: 'u1', startedAt: '2026-11-20T10:00:00.000Z', durationMinutes: null, leftAmount: 2, rightAmount: 2.5, unit: 'oz', notes: 'sealed-notes' },
  PumpingNotesResealed: { pumpingId: 'p1', childId: 'c1', ownerId: 'u1', notes: 'sealed-notes-2' },
  DiaperNotesResealed: { diaperId: 'd1', childId: 'c1', ownerId: 'u1', notes: 'sealed-notes-2' },
  SolidLogged: { solidId: 'm1', childId: 'c1', ownerId: 'u1', occurredAt: '2026-11-20T12:00:00.000Z', food: 'sealed-food', amount: 'some', reaction: false, notes: 'sealed-notes' },
  SolidCorrected: { solidId: 'm1', childId: 'c1', ownerId: 'u1', occurredAt: '2026-11-20T12:00:00.000Z', food: 'sealed-food', amount: 'most', reaction: true, notes: 'sealed-notes' },
  SolidDeleted: { solidId: 'm1', childId: 'c1', ownerId: 'u1' },
  SolidRestored: { solidId: 'm1', childId: 'c1', ownerId: 'u1', occurredAt: '2026-11-20T12:00:00.000Z', food: 'sealed-food', amount: 'most', reaction: true, notes: 'sealed-notes' },
  SolidNotesResealed: { solidId: 'm1', childId: 'c1', ownerId: 'u1', notes: 'sealed-notes-2', food: 'sealed-food-2' },
  MedicationLogged: { medicationId: 'x1', childId: 'c1', ownerId: 'u1', occurredAt: '2026-11-20T12:00:00.000Z', name: 'sealed-name', dose: 2.5, doseUnit: 'mL', notes: 'sealed-notes' },
  MedicationCorrected: { medicationId: 'x1', childId: 'c1', ownerId: 'u1', occurredAt: '2026-11-20T12:00:00.000Z', name: 'sealed-name', dose: 1, doseUnit: 'tablets', notes: 'sealed-notes' },
  MedicationDeleted: { medicationId: 'x1', childId: 'c1', ownerId: 'u1' },
  MedicationRestored: { medicationId: 'x1', childId: 'c1', ownerId: 'u1', occurredAt: '2026-11-20T12:00:00.000Z', name: 'sealed-name', dose: 1, doseUnit: 'tablets', notes: 'sealed-notes' },
  MedicationNotesResealed: { medicationId: 'x1', childId: 'c1', ownerId: 'u1', notes: 'sealed-notes-2', name: 'sealed-name-2' },
  TemperatureLogged: { temperatureId: 't1', childId: 'c1', ownerId: 'u1', occurredAt: '2026-11-20T12:00:00.000Z', temperature: 38.2, unit: 'C', method: 'rectal', notes: 'sealed-notes' },
  TemperatureCorrected: { temperatureId: 't1', childId: 'c1', ownerId: 'u1', occurredAt: '2026-11-20T12:00:00.000Z', temperature: 100.8, unit: 'F', method: 'armpit', notes: 'sealed-notes' },
  TemperatureDeleted: { temperatureId: 't1', childId: 'c1', ownerId: 'u1' },
  TemperatureRestored: { temperatureId: 't1', childId: 'c1', ownerId: 'u1', occurredAt: '2026-11-20T12:00:00.000Z', temperature: 100.8, unit: 'F', method: 'armpit', notes: 'sealed-notes' },
  TemperatureNotesResealed: { temperatureId: 't1', childId: 'c1', ownerId: 'u1', notes: 'sealed-notes-2' },
  TummyTimeLogged: { tummyTimeId: 'y1', childId: 'c1', ownerId: 'u1', startedAt: '2026-11-20T12:00:00.000Z', endedAt: '2026-11-20T12:10:00.000Z', milestone: 'sealed-milestone', notes: 'sealed-notes' },
  TummyTimeCorrected: { tummyTimeId: 'y1', childId: 'c1', ownerId: 'u1', startedAt: '2026-11-20T12:00:00.000Z', endedAt: '2026-11-20T12:15:00.000Z', milestone: null, notes: 'sealed-notes' },
  TummyTimeDeleted: { tummyTimeId: 'y1', childId: 'c1', ownerId: 'u1' },
  TummyTimeRestored: { tummyTimeId: 'y1', childId: 'c1', ownerId: 'u1', startedAt: '2026-11-20T12:00:00.000Z', endedAt: '2026-11-20T12:15:00.000Z', milestone: null, notes: 'sealed-notes' },
  TummyTimeNotesResealed: { tummyTimeId: 'y1', childId: 'c1', ownerId: 'u1', notes: 'sealed-notes-2', milestone: null },
  SleepNotesResealed: { sleepId: 's1', childId: 'c1', ownerId: 'u1', notes: 'sealed-notes-2', sleepSackTag: 'sealed-sack-tag-2' },
  EntrySlotsOpened: { slots: [{ entryId: 'f0', startedAt: '2026-11-20T10:00:00.000Z', endedAt: '2026-11-20T10:15:00.000Z', claimedAt: '2026-11-20T12:00:00.000Z' }] },
  EntrySlotClaimed: { entryId: 'f1', startedAt: '2026-11-20T14:00:00.000Z', endedAt: '2026-11-20T14:15:00.000Z', claimedAt: '2026-11-20T14:16:00.000Z' },
  EntrySlotReleased: { entryId: 'f1' },
  TimerStarted: { timerId: 't1', childId: 'c1', kind: 'feeding', method: 'Nursing', side: 'left', startedAt: '2026-11-20T03:00:00.000Z', startedBy: 'u1' },
  TimerSideSwitched: { timerId: 't1', childId: 'c1', side: 'right', switchedAt: '2026-11-20T03:07:00.000Z' },
  TimerStopped: { timerId: 't1', childId: 'c1', endedAt: '2026-11-20T03:27:00.000Z', entryId: 'f1', stoppedBy: 'u2' },
  TimerStoppedAtMaximum: { timerId: 't1', childId: 'c1', endedAt: '2026-11-20T05:00:00.000Z', entryId: null },
  TimerDiscarded: { timerId: 't1', childId: 'c1', discardedAt: '2026-11-20T03:01:00.000Z', discardedBy: 'u1' },
  RunningTimerClaimed: { childId: 'c1', kind: 'feeding', timerId: 't1' },
};

const feedingLogged = samples.FeedingLogged as Record<string, unknown>;

// The compiler refuses a schema that drifts from its event type (here: `ownerId` is missing).
// @ts-expect-error the schema does not describe ChildRemoved's data
eventDefinition<ChildRemoved>()(z.strictObject({ childId: z.string() }));

describe('the event registry', () => {
  it('knows every event type the system appends, each at its schema version', () => {
    expect(Object.keys(eventRegistry).sort()).toEqual([
      'AccountDeleted',
      'ChildAnonymized',
      'ChildInvitationIssued',
      'ChildInvitationRevoked',
      'ChildLinkedToAccount',
      'ChildMemberJoined',
      'ChildMemberLeft',
      'ChildMemberRoleChanged',
      'ChildProfileUpdated',
      'ChildRegistered',
      'ChildRemoved',
      'ChildResearchConsentChanged',
      'DataKeyDestroyed',
      'DiaperChanged',
      'DiaperCorrected',
      'DiaperDeleted',
      'DiaperNotesResealed',
      'DiaperRestored',
      'DisplayNameChanged',
      'EmailChanged',
      'EmailReleased',
      'EmailReserved',
      'EntrySlotClaimed',
      'EntrySlotReleased',
      'EntrySlotsOpened',
      'FeedingCorrected',
      'FeedingDeleted',
      'FeedingLogged',
      'FeedingNotesResealed',
      'FeedingRestored',
      'GrowthMeasured',
      'GrowthMeasurementCorrected',
      'GrowthMeasurementDeleted',
      'GrowthMeasurementRestored',
      'InvitationCodeIssued',
      'LocaleChosen',
      'MedicationCorrected',
      'MedicationDeleted',
      'MedicationLogged',
      'MedicationNotesResealed',
      'MedicationRestored',
      'MilestoneAlertDismissed',
      'MilestoneAlertRaised',
      'MilestoneAlertShown',
      'MilestoneAlertSnoozed',
      'MilestoneAlertWithdrawn',
      'OnboardingCompleted',
      'OnboardingReopened',
      'OperatorReferralCodeListed',
      'PasswordChanged',
      'PumpingCorrected',
      'PumpingDeleted',
      'PumpingLogged',
      'PumpingNotesResealed',
      'PumpingRestored',
      'ReferralCodeIssued',
      'ReferralCodeRedeemed',
      'ReferralCodeWithdrawn',
      'RunningTimerClaimed',
      'SleepCorrected',
      'SleepDeleted',
      'SleepLogged',
      'SleepNotesResealed',
      'SleepRestored',
      'SolidCorrected',
      'SolidDeleted',
      'SolidLogged',
      'SolidNotesResealed',
      'SolidRestored',
      'TemperatureCorrected',
      'TemperatureDeleted',
      'TemperatureLogged',
      'TemperatureNotesResealed',
      'TemperatureRestored',
      'TimerDiscarded',
      'TimerSideSwitched',
      'TimerStarted',
      'TimerStopped',
      'TimerStoppedAtMaximum',
      'TummyTimeCorrected',
      'TummyTimeDeleted',
      'TummyTimeLogged',
      'TummyTimeNotesResealed',
      'TummyTimeRestored',
      'UnitsChosen',
      'UserRegistered',
    ]);
    const versions = Object.fromEntries(Object.keys(eventRegistry).map((type) => [type, schemaVersionOf(type)]));
    expect(Object.entries(versions).filter(([, version]) => version !== 1)).toEqual([
      ['ChildAnonymized', 2],
      ['MilestoneAlertRaised', 2],
      ['FeedingLogged', 3],
      ['FeedingCorrected', 3],
      ['SleepLogged', 2],
      ['SleepCorrected', 2],
    ]);
  });

  it.each(Object.entries(samples))('accepts a valid %s and reads it back, through JSON, unchanged', (type, data) => {
    const schemaVersion = schemaVersionOf(type);
    const stored = JSON.parse(JSON.stringify({ type, data, metadata: { schemaVersion } })) as { type: string; data: unknown; metadata: { schemaVersion: number } };

    expect(() => validateEventData(type, data)).not.toThrow();
    expect(upcastEvent(stored)).toEqual({ type, data, metadata: { schemaVersion } });
  });

  it('accepts optional fields left out', () => {
    expect(() => validateEventData('ReferralCodeIssued', { code: 'ABC123', uses: 1000 })).not.toThrow();
  });
});

describe('ChildResearchConsentChanged', () => {
  it('records a yes or a no, and nothing else about the child', () => {
    expect(() => validateEventData('ChildResearchConsentChanged', { childId: 'c1', consent: false })).not.toThrow();
    expect(() => validateEventData('ChildResearchConsentChanged', { childId: 'c1', consent: 'yes' })).toThrow('Event ChildResearchConsentChanged has invalid data: consent: Invalid input: expected boolean, received string');
    expect(() => validateEventData('ChildResearchConsentChanged', { childId: 'c1', consent: true, by: 'u1' })).toThrow('Unrecognized key: "by"');
  });
});

describe('ChildAnonymized', () => {
  it('reads a version 1 event without the date shift and the shifted birth date, which together gave the birth date back', () => {
    const v1 = { type: 'ChildAnonymized', data: { childId: 'c1', sex: 'Male', birthMonth: '2026-09', researchDateShiftDays: -7, researchBirthDate: '2026-08-25' }, metadata: { schemaVersion: 1 } };
    const lifted = upcastEvent(v1);
    expect(lifted).toEqual({ type: 'ChildAnonymized', data: { childId: 'c1', sex: 'Male', birthMonth: '2026-09' }, metadata: { schemaVersion: 2 } });
    expect(() => validateEventData(lifted.type, lifted.data)).not.toThrow();
    const withoutShift = upcastEvent({ ...v1, data: { childId: 'c1', sex: 'Female', birthMonth: null, researchDateShiftDays: null } });
    expect(withoutShift.data).toEqual({ childId: 'c1', sex: 'Female', birthMonth: null });
  });

  it('refuses a shifted or exact birth date, and a birth month that is not YYYY-MM', () => {
    expect(() => validateEventData('ChildAnonymized', { childId: 'c1', sex: 'Male', birthMonth: '2026-09', researchBirthDate: '2026-08-25' })).toThrow(
      'Event ChildAnonymized has invalid data: Unrecognized key: "researchBirthDate"',
    );
    expect(() => validateEventData('ChildAnonymized', { childId: 'c1', sex: 'Male', birthMonth: '2026-09-03' })).toThrow(
      'Event ChildAnonymized has invalid data: birthMonth: must be a month, YYYY-MM',
    );
    expect(() => validateEventData('ChildAnonymized', { childId: 'c1', sex: 'Male', birthMonth: null })).not.toThrow();
  });
});

describe('MilestoneAlertRaised', () => {
  it("reads a version 1 event without its window's dates, the birth date plus whole months", () => {
    const v1 = {
      type: 'MilestoneAlertRaised',
      data: { ...(samples.MilestoneAlertRaised as object), windowStart: '2026-04-08', windowEnd: '2026-04-14' },
      metadata: { schemaVersion: 1 },
    };
    const lifted = upcastEvent(v1);
    expect(lifted).toEqual({ type: 'MilestoneAlertRaised', data: samples.MilestoneAlertRaised, metadata: { schemaVersion: 2 } });
    expect(() => validateEventData(lifted.type, lifted.data)).not.toThrow();
  });

  it('refuses window dates in a new event', () => {
    expect(() => validateEventData('MilestoneAlertRaised', { ...(samples.MilestoneAlertRaised as object), windowStart: '2026-04-08', windowEnd: '2026-04-14' })).toThrow(
      'Event MilestoneAlertRaised has invalid data: Unrecognized keys: "windowStart", "windowEnd"',
    );
  });
});

describe('FeedingLogged and FeedingCorrected', () => {
  it.each(['FeedingLogged', 'FeedingCorrected'])('reads a version 1 %s as entered in ounces, with no sides', (type) => {
    const data = { feedingId: 'f1', childId: 'c1', ownerId: 'u1', startedAt: '2026-11-20T14:00:00.000Z', endedAt: '2026-11-20T14:15:00.000Z', amountOz: 4.25, method: 'Bottle', type: 'Formula', notes: 'n' };
    const lifted = upcastEvent({ type, data, metadata: { schemaVersion: 1 } });
    expect(lifted).toEqual({ type, data: { ...data, enteredAmount: { value: 4.25, unit: 'oz' }, sides: null }, metadata: { schemaVersion: 3 } });
    validateEventData(type, lifted.data);
    expect(upcastEvent({ type, data: { ...data, amountOz: null, method: 'Nursing', type: null }, metadata: { schemaVersion: 1 } }).data).toMatchObject({ enteredAmount: null });
  });

  it.each(['FeedingLogged', 'FeedingCorrected'])('reads a version 2 %s as a feeding whose sides are not known', (type) => {
    const data = { feedingId: 'f1', childId: 'c1', ownerId: 'u1', startedAt: '2026-11-20T14:00:00.000Z', endedAt: '2026-11-20T14:20:00.000Z', amountOz: null, enteredAmount: null, method: 'Nursing', type: null, notes: 'n' };
    const lifted = upcastEvent({ type, data, metadata: { schemaVersion: 2 } });
    expect(lifted).toEqual({ type, data: { ...data, sides: null }, metadata: { schemaVersion: 3 } });
    validateEventData(type, lifted.data);
  });
});

describe('SleepLogged and SleepCorrected', () => {
  const v1 = (type: string, environment: unknown) => ({
    type,
    data: { sleepId: 's1', childId: 'c1', ownerId: 'u1', startedAt: '2026-11-20T19:00:00.000Z', endedAt: '2026-11-21T05:00:00.000Z', environment, notes: 'sealed-notes' },
    metadata: { schemaVersion: 1 },
  });

  it.each(['SleepLogged', 'SleepCorrected'])('reads a version 1 %s with its plain tag moved aside and its TOG rating read from it', (type) => {
    const lifted = upcastEvent(v1(type, { roomTemp: 68, whiteNoise: true, sleepSackTag: 'the one Josephine knitted, 2.5 TOG' }));
    expect(lifted.metadata.schemaVersion).toBe(2);
    expect(lifted.data).toMatchObject({
      environment: { roomTemp: 68, whiteNoise: true, sleepSackTag: null, sleepSackTog: 2.5, plainSleepSackTag: 'the one Josephine knitted, 2.5 TOG' },
      notes: 'sealed-notes',
    });
  });

  it('reads a version 1 sleep without a tag or without an environment as it was, with no TOG rating', () => {
    expect(upcastEvent(v1('SleepLogged', { roomTemp: null, whiteNoise: false, sleepSackTag: null })).data).toMatchObject({
      environment: { roomTemp: null, whiteNoise: false, sleepSackTag: null, sleepSackTog: null },
    });
    expect(upcastEvent(v1('SleepLogged', { roomTemp: null, whiteNoise: false, sleepSackTag: null })).data).not.toHaveProperty('environment.plainSleepSackTag');
    expect(upcastEvent(v1('SleepLogged', null)).data).toMatchObject({ environment: null });
  });

  it('never records a plain tag', () => {
    const sleep = samples.SleepLogged as { environment: object };
    expect(() => validateEventData('SleepLogged', { ...sleep, environment: { ...sleep.environment, plainSleepSackTag: 'the one Josephine knitted' } })).toThrow(
      'Event SleepLogged has invalid data: environment.plainSleepSackTag: is never recorded',
    );
  });
});

describe('validateEventData', () => {
  it('names the type, the field and the problem for a wrongly typed field', () => {
    expect(() => validateEventData('FeedingLogged', { ...feedingLogged, amountOz: '4' })).toThrow(
      'Event FeedingLogged has invalid data: amountOz: Invalid input: expected number, received string',
    );
  });

  it('names a missing field', () => {
    expect(() => validateEventData('ChildRemoved', { childId: 'c1' })).toThrow(
      'Event ChildRemoved has invalid data: ownerId: Invalid input: expected string, received undefined',
    );
  });

  it('names a nested field by its path', () => {
    const sleep = samples.SleepLogged as Record<string, unknown>;
    expect(() => validateEventData('SleepLogged', { ...sleep, environment: { roomTemp: 70, whiteNoise: 'yes', sleepSackTag: null, sleepSackTog: null } })).toThrow(
      'Event SleepLogged has invalid data: environment.whiteNoise: Invalid input: expected boolean, received string',
    );
  });

  it('refuses a value outside an enumeration', () => {
    expect(() => validateEventData('FeedingLogged', { ...feedingLogged, method: 'Spoon' })).toThrow(
      'Event FeedingLogged has invalid data: method: Invalid option: expected one of "Bottle"|"Nursing"',
    );
  });

  it('refuses a field the type does not have, so nothing unsealed slips into the log beside the sealed data', () => {
    expect(() => validateEventData('UserRegistered', { ...(samples.UserRegistered as object), plainEmail: 'parent@example.com' })).toThrow(
      'Event UserRegistered has invalid data: Unrecognized key: "plainEmail"',
    );
  });

  it('refuses an unknown event type', () => {
    expect(() => validateEventData('FeedingForgotten', {})).toThrow('Event type "FeedingForgotten" is not in the event registry: give it a schema before appending it');
    expect(() => schemaVersionOf('FeedingForgotten')).toThrow('Event type "FeedingForgotten" is not in the event registry');
  });

  it('does not treat inherited object keys as event types', () => {
    expect(() => validateEventData('toString', {})).toThrow('Event type "toString" is not in the event registry');
  });
});

describe('upcastEvent', () => {
  // A bottle event whose schema changed twice: ounces became millilitres (v2), then temperature was added (v3).
  const testRegistry: EventRegistry = {
    BottlePrepared: {
      version: 3,
      schema: z.strictObject({ bottleId: z.string(), volumeMl: z.number(), temperature: z.enum(['warm', 'room']) }),
      upcasters: {
        1: (data) => {
          const { amountOz, ...rest } = data as { amountOz: number; bottleId: string };
          return { ...rest, volumeMl: Math.round(amountOz * 29.5735) };
        },
        2: (data) => ({ ...(data as object), temperature: 'room' }),
      },
    },
    // Recorded before versions were counted from 1.
    BottleDiscarded: {
      version: 1,
      schema: z.strictObject({ bottleId: z.string() }),
      upcasters: { 0: (data) => ({ bottleId: (data as { id: string }).id }) },
    },
    // A broken chain: the step from version 1 to 2 was never written.
    BottleLabelled: {
      version: 3,
      schema: z.strictObject({ bottleId: z.string(), label: z.string() }),
      upcasters: { 2: (data) => data },
    },
  };
  const recorded = (schemaVersion: number, data: unknown, type = 'BottlePrepared') => ({
    id: 'e1',
    type,
    data,
    metadata: { correlationId: 'k1', causationId: 'k1', schemaVersion, recordedAt: '2026-11-20T14:00:00.000Z' },
  });

  it('lifts version 1 data through every upcaster to version 3', () => {
    expect(upcastEvent(recorded(1, { bottleId: 'b1', amountOz: 4 }), testRegistry)).toEqual({
      id: 'e1',
      type: 'BottlePrepared',
      data: { bottleId: 'b1', volumeMl: 118, temperature: 'room' },
      metadata: { correlationId: 'k1', causationId: 'k1', schemaVersion: 3, recordedAt: '2026-11-20T14:00:00.000Z' },
    });
  });

  it('applies only the upcasters after the recorded version', () => {
    expect(upcastEvent(recorded(2, { bottleId: 'b1', volumeMl: 90 }), testRegistry).data).toEqual({ bottleId: 'b1', volumeMl: 90, temperature: 'room' });
  });

  it('gives data the current schema accepts', () => {
    const lifted = upcastEvent(recorded(1, { bottleId: 'b1', amountOz: 2 }), testRegistry);
    expect(() => validateEventData(lifted.type, lifted.data, testRegistry)).not.toThrow();
  });

  it('leaves the recorded event as it was', () => {
    const original = recorded(1, { bottleId: 'b1', amountOz: 4 });
    upcastEvent(original, testRegistry);
    expect(original).toEqual(recorded(1, { bottleId: 'b1', amountOz: 4 }));
  });

  it('returns an event already at the current version as it is', () => {
    const current = recorded(3, { bottleId: 'b1', volumeMl: 118, temperature: 'warm' });
    expect(upcastEvent(current, testRegistry)).toBe(current);
  });

  it('returns an event written by a newer release, or of a type it does not know, as it is', () => {
    const newer = recorded(4, { bottleId: 'b1', volumeMl: 118, temperature: 'warm', shaken: true });
    const unknown = recorded(1, { anything: true }, 'BottleWarmed');
    expect(upcastEvent(newer, testRegistry)).toBe(newer);
    expect(upcastEvent(unknown, testRegistry)).toBe(unknown);
  });

  it('lifts from version 0 when the chain starts there', () => {
    expect(upcastEvent(recorded(0, { id: 'b7' }, 'BottleDiscarded'), testRegistry)).toMatchObject({ data: { bottleId: 'b7' }, metadata: { schemaVersion: 1 } });
  });

  it('fails loudly when a step of the chain is missing', () => {
    expect(() => upcastEvent(recorded(1, { bottleId: 'b7' }, 'BottleLabelled'), testRegistry)).toThrow(
      'Event BottleLabelled recorded as version 1 cannot be read: no upcaster from version 1 to 2',
    );
  });

  it('fails loudly on metadata without a schema version', () => {
    const event = { type: 'BottlePrepared', data: {}, metadata: {} } as unknown as Parameters<typeof upcastEvent>[0];
    expect(() => upcastEvent(event, testRegistry)).toThrow('Event BottlePrepared has no integer metadata.schemaVersion (found undefined)');
  });
});
