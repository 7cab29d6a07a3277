import { describe, expect, it } from 'vitest';
import { endTimeOf, minutesUntil, spanAfter, spanHint, type SpanValues } from './span-times.ts';

const empty: SpanValues = { datetime: '2025-06-14T19:30', endTime: '', durationMins: '', anchor: 'duration' };

describe('a span entered by its times', () => {
  it('reads 7:30 PM to 6:10 AM as 640 minutes ending the next day', () => {
    expect(minutesUntil('2025-06-14T19:30', '06:10')).toBe(640);
    expect(spanHint('2025-06-14T19:30', '06:10')).toBe('10h 40m, ending the next day');
    expect(minutesUntil('2025-06-14T13:05', '14:35')).toBe(90);
    expect(spanHint('2025-06-14T13:05', '14:35')).toBe('1h 30m');
    // The same time is a whole day later.
    expect(minutesUntil('2025-06-14T13:05', '13:05')).toBe(1440);
  });

  it('keeps the end and the minutes in step, whichever the parent gives', () => {
    const byEnd = spanAfter(empty, { endTime: '06:10' });
    expect(byEnd).toEqual({ datetime: '2025-06-14T19:30', endTime: '06:10', durationMins: '640', anchor: 'end' });
    // A later start keeps the end the parent gave and shortens the sleep.
    expect(spanAfter(byEnd, { datetime: '2025-06-14T20:00' })).toMatchObject({ endTime: '06:10', durationMins: '610' });
    const byMinutes = spanAfter(empty, { durationMins: '90' });
    expect(byMinutes).toEqual({ datetime: '2025-06-14T19:30', endTime: '21:00', durationMins: '90', anchor: 'duration' });
    // A later start keeps the minutes the parent gave and moves the end.
    expect(spanAfter(byMinutes, { datetime: '2025-06-14T23:30' })).toMatchObject({ endTime: '01:00', durationMins: '90' });
    expect(endTimeOf('2025-06-14T23:30', 45)).toBe('00:15');
  });
});
