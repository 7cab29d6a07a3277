import { v7 as uuidv7 } from 'uuid';
import type { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import type { EventStore, NewEvent } from '@nightlight/infrastructure/ports/event-store';
import { schemaVersionOf } from '@nightlight/domain/events/event-registry';
import { childStreamId, feedingStreamId, sleepStreamId } from '@nightlight/domain/shared/stream-ids';

export interface GenerateOptions {
  children: number;
  eventsPerChild: number;
  firstDay?: string;
  /** Every child belongs to this parent (so a test can sign in as them); a new parent per child otherwise. */
  ownerId?: string;
  /** Told each child's id before its history is appended. */
  onChild?: (childId: string, ownerId: string) => void;
}

/**
 * Appends a generated history: `children` children, each with a day of 8 feedings and 5 sleeps
 * (3 naps and a night split in two) repeated until `eventsPerChild` is reached. Returns the count.
 */
export async function generateFamilies(
  eventStore: EventStore,
  cipher: PersonalDataCipher,
  { children, eventsPerChild, firstDay = '2025-01-01', ownerId: sharedOwnerId, onChild }: GenerateOptions,
): Promise<number> {
  let appended = 0;
  // Each type at the version the command side writes today, so reading the history upcasts nothing.
  const metadata = (userId: string, type: string) => ({ userId, correlationId: uuidv7(), causationId: uuidv7(), schemaVersion: schemaVersionOf(type), recordedAt: new Date().toISOString() });
  for (let c = 0; c < children; c++) {
    const ownerId = sharedOwnerId ?? uuidv7();
    const childId = uuidv7();
    onChild?.(childId, ownerId);
    const sealedName = await cipher.seal(ownerId, `Child ${c}`);
    const sealedBirth = await cipher.seal(ownerId, '2024-12-01');
    const sealedNote = await cipher.seal(ownerId, 'Generated');
    await eventStore.append(
      childStreamId(childId),
      [{ id: uuidv7(), type: 'ChildRegistered', data: { childId, ownerId, displayName: sealedName, birthDate: sealedBirth, sex: c % 2 ? 'Female' : 'Male', nightWindowStart: '19:00', nightWindowEnd: '08:00', timezone: c % 3 ? 'America/New_York' : 'UTC' }, metadata: metadata(ownerId, 'ChildRegistered') }],
      'no_stream',
    );
    appended++;
    const pending: Promise<unknown>[] = [];
    for (let day = 0, n = 1; n < eventsPerChild; day++) {
      const dayStart = Date.parse(`${firstDay}T00:00:00Z`) + day * 86_400_000;
      const at = (hours: number) => new Date(dayStart + hours * 3_600_000).toISOString();
      for (let f = 0; f < 8 && n < eventsPerChild; f++, n++) {
        const feedingId = uuidv7();
        const event: NewEvent = {
          id: uuidv7(),
          type: 'FeedingLogged',
          data: { feedingId, childId, ownerId, startedAt: at(1 + f * 3), endedAt: at(1.25 + f * 3), amountOz: 2 + (f % 4), enteredAmount: { value: 2 + (f % 4), unit: 'oz' }, method: 'Bottle', type: 'Formula', sides: null, notes: sealedNote },
          metadata: metadata(ownerId, 'FeedingLogged'),
        };
        pending.push(eventStore.append(feedingStreamId(feedingId), [event], 'no_stream'));
      }
      const sleeps: [number, number][] = [[9, 10.5], [13, 14], [16, 16.75], [19.5, 23], [23.5, 30]];
      for (let s = 0; s < sleeps.length && n < eventsPerChild; s++, n++) {
        const sleepId = uuidv7();
        const [from, to] = sleeps[s]!;
        const event: NewEvent = {
          id: uuidv7(),
          type: 'SleepLogged',
          data: { sleepId, childId, ownerId, startedAt: at(from), endedAt: at(to), environment: null, notes: sealedNote },
          metadata: metadata(ownerId, 'SleepLogged'),
        };
        pending.push(eventStore.append(sleepStreamId(sleepId), [event], 'no_stream'));
      }
      // Waves of appends share one transaction each (the SQLite adapter's group commit).
      if (pending.length >= 2000) await Promise.all(pending.splice(0));
    }
    await Promise.all(pending.splice(0));
    appended += eventsPerChild - 1;
  }
  return appended;
}
