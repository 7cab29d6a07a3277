import { describe, expect, it } from 'vitest';
import { openSleepSackTag, recordedSleepEnvironment, sleepSackTogOf } from './sleep-sack';

describe('sleepSackTogOf', () => {
  it.each([
    ['2.5 TOG', 2.5],
    ['Josephine knitted it, 2.5 TOG', 2.5],
    ['1,0 tog', 1],
    ['the 3.5TOG one', 3.5],
  ])('reads the TOG rating of "%s" as %d', (tag, tog) => {
    expect(sleepSackTogOf(tag)).toBe(tog);
  });

  it.each(['the blue one from Josephine', 'TOG 1.0', 'togetherness'])('finds none in "%s"', (tag) => {
    expect(sleepSackTogOf(tag)).toBeNull();
  });

  it('finds none without a tag', () => {
    expect(sleepSackTogOf(null)).toBeNull();
  });
});

describe('recordedSleepEnvironment', () => {
  it('records the sealed tag and the TOG rating of the plain one', () => {
    expect(recordedSleepEnvironment({ roomTemp: 68, whiteNoise: true, sleepSackTag: 'Josephine knitted it, 2.5 TOG' }, 'v1.sealed')).toEqual({
      roomTemp: 68,
      whiteNoise: true,
      sleepSackTag: 'v1.sealed',
      sleepSackTog: 2.5,
    });
  });
});

describe('openSleepSackTag', () => {
  const opened: string[] = [];
  const open = async (sealed: string) => {
    opened.push(sealed);
    return sealed === 'v1.shredded' ? null : `opened ${sealed}`;
  };
  const environment = { roomTemp: null, whiteNoise: false, sleepSackTog: null };

  it('opens a sealed tag', async () => {
    expect(await openSleepSackTag({ ...environment, sleepSackTag: 'v1.tag' }, open)).toBe('opened v1.tag');
  });

  it('shows the plain tag of a sleep recorded before tags were sealed, without opening anything', async () => {
    opened.length = 0;
    expect(await openSleepSackTag({ ...environment, sleepSackTag: null, plainSleepSackTag: 'the blue one' }, open)).toBe('the blue one');
    expect(await openSleepSackTag({ ...environment, sleepSackTag: null }, open)).toBeNull();
    expect(await openSleepSackTag(null, open)).toBeNull();
    expect(opened).toEqual([]);
  });

  it('is null once the owner key is destroyed', async () => {
    expect(await openSleepSackTag({ ...environment, sleepSackTag: 'v1.shredded' }, open)).toBeNull();
  });
});
