import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../shared/domain-event';
import { decideTimer, type TimerCommand } from './timer.decider';
import { evolveTimer, initialTimerState, type TimerEvent } from './timer.events';
import { nursingSideMinutes } from './timer-rules';

const T0 = Date.parse('2026-11-20T03:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const iso = (minutes: number) => at(minutes).toISOString();

const given = (...events: TimerEvent[]) => ({
  when: (command: TimerCommand) => decideTimer(command, events.reduce(evolveTimer, initialTimerState())),
});

const start = (data: Partial<Extract<TimerCommand, { type: 'StartTimer' }>['data']> = {}): TimerCommand => ({
  type: 'StartTimer',
  data: { timerId: 't1', childId: 'c1', kind: 'feeding', method: null, side: null, startedBy: 'u1', now: at(0), ...data },
});
const started = (data: Partial<Extract<TimerEvent, { type: 'TimerStarted' }>['data']> = {}): TimerEvent => ({
  type: 'TimerStarted',
  data: { timerId: 't1', childId: 'c1', kind: 'feeding', method: 'Nursing', side: 'left', startedAt: iso(0), startedBy: 'u1', ...data },
});
const ref = { timerId: 't1', childId: 'c1' };

describe('starting a timer', () => {
  it('starts a feeding timer with no method as nursing on the left, and a sleep timer with no side', () => {
    expect(given().when(start())).toEqual([started()]);
    expect(given().when(start({ kind: 'sleep' }))).toEqual([started({ kind: 'sleep', method: null, side: null })]);
    expect(given().when(start({ method: 'Bottle' }))).toEqual([started({ method: 'Bottle', side: null })]);
  });

  it('records nothing for a start of a timer that exists (a retried start)', () => {
    expect(given(started()).when(start())).toEqual([]);
  });

  it('refuses a side for anything but nursing, and a method for anything but feeding', () => {
    expect(() => given().when(start({ kind: 'sleep', side: 'left' }))).toThrow('Side applies to nursing timers only');
    expect(() => given().when(start({ method: 'Bottle', side: 'right' }))).toThrow('Side applies to nursing timers only');
    expect(() => given().when(start({ kind: 'pumping', method: 'Bottle' }))).toThrow('Method applies to feeding timers only');
  });
});

describe('a running timer', () => {
  it('switches a nursing timer to the other side, and refuses a sleep timer a side', () => {
    expect(given(started()).when({ type: 'SwitchTimerSide', data: { now: at(5) } })).toEqual([{ type: 'TimerSideSwitched', data: { ...ref, side: 'right', switchedAt: iso(5) } }]);
    expect(() => given(started({ kind: 'sleep', method: null, side: null })).when({ type: 'SwitchTimerSide', data: { now: at(5) } })).toThrow('Only a nursing timer switches sides');
  });

  it('stops until its maximum, and after it only the job stops it, at the maximum', () => {
    const stop = (minutes: number): TimerCommand => ({ type: 'StopTimer', data: { endedAt: iso(minutes), entryId: 'f1', stoppedBy: 'u2', now: at(minutes) } });
    expect(given(started()).when(stop(120))).toEqual([{ type: 'TimerStopped', data: { ...ref, endedAt: iso(120), entryId: 'f1', stoppedBy: 'u2' } }]);
    expect(() => given(started()).when(stop(121))).toThrow(new ConflictError('This timer ran past its 120-minute maximum and is stopped there'));
    const job = (minutes: number): TimerCommand => ({ type: 'StopTimerAtMaximum', data: { entryId: null, now: at(minutes) } });
    expect(given(started()).when(job(119))).toEqual([]);
    expect(given(started()).when(job(130))).toEqual([{ type: 'TimerStoppedAtMaximum', data: { ...ref, endedAt: iso(120), entryId: null } }]);
    expect(given(started({ kind: 'sleep', method: null, side: null })).when(job(130))).toEqual([]);
  });
});

describe('a timer that is not running', () => {
  const stop: TimerCommand = { type: 'StopTimer', data: { endedAt: iso(10), entryId: 'f1', stoppedBy: 'u1', now: at(10) } };
  it('says why: stopped, stopped at its maximum, discarded, or never started', () => {
    expect(() => given(started(), { type: 'TimerStopped', data: { ...ref, endedAt: iso(9), entryId: 'f1', stoppedBy: 'u1' } }).when(stop)).toThrow(new ConflictError('This timer was already stopped'));
    expect(() => given(started(), { type: 'TimerStoppedAtMaximum', data: { ...ref, endedAt: iso(120), entryId: null } }).when(stop)).toThrow(
      new ConflictError('This timer was stopped at its 120-minute maximum'),
    );
    expect(() => given(started(), { type: 'TimerDiscarded', data: { ...ref, discardedAt: iso(2), discardedBy: 'u1' } }).when({ type: 'DiscardTimer', data: { discardedBy: 'u1', now: at(3) } })).toThrow(
      new ConflictError('This timer was discarded'),
    );
    expect(() => given().when(stop)).toThrow(new NotFoundError('Timer not found'));
    expect(given(started(), { type: 'TimerDiscarded', data: { ...ref, discardedAt: iso(2), discardedBy: 'u1' } }).when({ type: 'StopTimerAtMaximum', data: { entryId: null, now: at(500) } })).toEqual([]);
  });
});

describe('minutes on each breast', () => {
  const stretch = (side: 'left' | 'right', from: number, to: number | null) => ({ side, startedAt: iso(from), endedAt: to === null ? null : iso(to) });

  it('adds up to the whole minutes of the feeding, the minute left over going to the larger remainder', () => {
    // Left 7 + 11.5 = 18.5, right 8.5 of 27 minutes: a tie of remainders goes left.
    expect(nursingSideMinutes([stretch('left', 0, 7), stretch('right', 7, 15.5), stretch('left', 15.5, null)], iso(0), iso(27))).toEqual({ leftMinutes: 19, rightMinutes: 8 });
    // Left 10.25, right 9.75 of 20: right has the larger remainder.
    expect(nursingSideMinutes([stretch('left', 0, 10.25), stretch('right', 10.25, null)], iso(0), iso(20))).toEqual({ leftMinutes: 10, rightMinutes: 10 });
    // 12.5 minutes in all floor to 12: nothing left over.
    expect(nursingSideMinutes([stretch('right', 0, null)], iso(0), iso(12.5))).toEqual({ leftMinutes: 0, rightMinutes: 12 });
  });

  it('is unknown for a timer without sides', () => {
    expect(nursingSideMinutes([], iso(0), iso(10))).toBeNull();
  });
});
