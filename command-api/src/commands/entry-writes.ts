import type { ChildMember } from '@nightlight/domain/children/child.events';
import { isSessionKind } from '@nightlight/domain/entries/all-entry-kinds';
import { checkNotBeforeBirth } from '@nightlight/domain/entries/entry-birth-rule';
import type { CheckedEntry, EntryKindDefinition, EntryOrigin, EntryState, RecordedEntry } from '@nightlight/domain/entries/entry-kind-definition';
import { turnSealed, turnSealedNow } from '@nightlight/domain/entries/sealed-fields';
import { openedEntry, timelineApiView, timelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { NotFoundError, type SealedText } from '@nightlight/domain/shared/domain-event';
import { parseIdParam, parseInput } from '@nightlight/infrastructure/http/http-errors';
import type { RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import { readerUnits } from '@nightlight/infrastructure/read-store/reader-units';
import type { CommandDeps } from '../command-deps';
import { handleCommand, type AppendGuard, type CommandResult } from '../command-handler';
import { resultOfKey } from '../idempotency';
import type { WriteActor } from '../write-reply';
import { childAsOf, isMember, loadChildAs } from './child-access';
import { openedBirthDate } from './child-facts';
import { loggedByOf } from './logged-by';
import { claimEntrySlots } from './entry-slots';

/**
 * Who an entry's answer is for and what it needs of the child: the family's members (who logged
 * it), the age facts (a diaper's guidance depends on the age on the day) and the reader's units.
 */
type Reader = { userId: string; acceptLanguage: string | null; members: Readonly<Record<string, ChildMember>>; age: { birthDate: string; timezone: string } };

/**
 * What the log command of an entry records: its checked details with every free text sealed (`seal`:
 * with the child's key, which every member reads with), under its id, child and the member who logged it.
 */
export async function loggedEntryData(
  entry: EntryKindDefinition,
  seal: (text: string) => SealedText | Promise<SealedText>,
  ref: { id: string; childId: string; ownerId: string },
  { notes, details, ...times }: CheckedEntry,
): Promise<{ recorded: RecordedEntry; data: Record<string, unknown> }> {
  const recorded: RecordedEntry = { ...times, details: await turnSealed(details, entry.sealed, async (text) => seal(text)), notes: await seal(notes) };
  return { recorded, data: entry.eventData(ref, recorded) };
}

/** loggedEntryData with a sealer that answers at once (an import's, holding the child's key): no wait for each of many rows. */
export function loggedEntryDataNow(entry: EntryKindDefinition, seal: (text: string) => SealedText, ref: { id: string; childId: string; ownerId: string }, { notes, details, ...times }: CheckedEntry): Record<string, unknown> {
  const recorded: RecordedEntry = { ...times, details: turnSealedNow(details, entry.sealed, seal), notes: seal(notes) };
  return entry.eventData(ref, recorded);
}

/**
 * The writes of one kind of entry, for its routes and for whatever else logs entries (a stopped
 * timer, the timers' maximum job, an import): log or correct with the kind's body and rules,
 * delete, and restore a deleted one.
 */
export function entryWrites(deps: CommandDeps, entry: EntryKindDefinition) {
  const { eventStore, readStore, cipher, clock, newId } = deps;
  const detailsOf = (state: EntryState): RecordedEntry | null => (state.details === null ? null : entry.recordedOf(state.details));

  const decide = (type: string, data: Record<string, unknown>, actor: WriteActor, next: { startedAt: string; endedAt: string } | null, read?: readonly RecordedEvent[]) => {
    const entryId = data[entry.idField] as string;
    const { userId, correlationId, idempotent } = actor;
    // The overlap rule of sessions is decided on the days the entry's times reach into, before its event is appended.
    const { kind } = entry;
    const guard: AppendGuard<EntryState> | undefined = isSessionKind(kind)
      ? (state) => {
          const previous = state.status === 'logged' ? detailsOf(state) : null;
          return claimEntrySlots(deps, {
            kind,
            childId: state.ref?.childId ?? (data['childId'] as string),
            entryId,
            next,
            previous: previous && { startedAt: previous.startedAt, endedAt: previous.endedAt },
            holderOf,
            actor: { userId, correlationId },
          });
        }
      : undefined;
    return handleCommand(eventStore, entry.streamId(entryId), entry.decider, { type, data }, { userId, correlationId, now: clock(), newId, idempotency: idempotent }, guard, read);
  };

  /** An entry's times as its own stream records them, for a slot found in the way of another. */
  async function holderOf(entryId: string) {
    const state = (await eventStore.readStream(entry.streamId(entryId))).reduce(entry.decider.evolve, entry.decider.initialState());
    const details = detailsOf(state);
    return { status: state.status, interval: details && { startedAt: details.startedAt, endedAt: details.endedAt } };
  }

  /**
   * The key's earlier answer on this entry's stream, if the same request appended there and the
   * actor is still in the family of the entry's child. A member removed since gets none: the request
   * is judged afresh, and refused as any non-member's (404), so the answer cannot hand back the
   * entry, its notes and who logged it.
   */
  async function earlierResult(actor: WriteActor, id: string, read?: readonly RecordedEvent[]) {
    if (!actor.idempotent) return null;
    const earlier = resultOfKey(read ?? (await eventStore.readStream(entry.streamId(id))), actor.idempotent, entry.decider);
    const childId = earlier?.state.ref?.childId;
    if (!earlier || !childId) return earlier;
    return (await isMember(eventStore, childId, actor.userId)) ? earlier : null;
  }

  /**
   * Validates, checks the user is in the child's family (from its stream) and that the entry is not
   * before the child's birth date; overlaps are decided with the append. Free text is sealed with
   * the child's key, which every member reads with.
   */
  async function prepare({ userId, acceptLanguage = null }: WriteActor, input: unknown, id: string, origin: EntryOrigin) {
    const body = parseInput(entry.body, input);
    const childId = parseIdParam({ id: body.childId }, 'Child not found');
    const child = await loadChildAs(eventStore, childId, userId);
    const birthDate = (await openedBirthDate(cipher, { childId, ownerId: child.ownerId, sealedBirthDate: child.profile.birthDate })) ?? '';
    const checked = entry.check(body, clock(), origin);
    checkNotBeforeBirth(checked.startedAt, { birthDate, timezone: child.profile.timezone }, entry.startField);
    const { recorded, data } = await loggedEntryData(entry, (text) => cipher.sealForChild(childId, text), { id, childId, ownerId: userId }, checked);
    const reader: Reader = { userId, acceptLanguage, members: child.members, age: { birthDate, timezone: child.profile.timezone } };
    return { reader, childId, checked, recorded, data };
  }

  /**
   * Any member of the child's family may correct or delete an entry; anyone else, and anyone once
   * the child is gone, finds nothing (404).
   */
  async function assertInFamily(id: string, userId: string): Promise<void> {
    const [first] = await eventStore.readStream(entry.streamId(id));
    const childId = (first?.data as { childId?: unknown } | undefined)?.childId;
    if (typeof childId !== 'string') throw new NotFoundError(entry.notFound);
    await loadChildAs(eventStore, childId, userId).catch(() => {
      throw new NotFoundError(entry.notFound);
    });
  }

  /** The answer of a write: the entry as the timeline will show it, with its notes and other free text in plain. */
  async function view(id: string, childId: string, ownerId: string, recorded: RecordedEntry, opened: { notes: string; details: object }, reader: Reader, position: number) {
    const doc = timelineDocument({ ...recorded, id, kind: entry.kind, childId, ownerId, sealedNotes: recorded.notes }, reader.age.timezone, position);
    const loggedBy = await loggedByOf(readStore, cipher, reader.members, ownerId);
    return timelineApiView(doc, { ...opened, loggedBy, child: reader.age, units: await readerUnits(readStore, reader.userId, reader.acceptLanguage) });
  }

  /**
   * The answer an earlier request with the same Idempotency-Key got: the entry as that request
   * recorded it, in the zone the child had then, at that request's position.
   */
  async function earlierView(id: string, earlier: CommandResult<EntryState>, { userId, acceptLanguage = null }: WriteActor) {
    const { ref } = earlier.state;
    const details = detailsOf(earlier.state);
    if (!ref || !details) throw new NotFoundError(entry.notFound);
    const child = await childAsOf(eventStore, ref.childId, earlier.position);
    const opened = await openedEntry(entry, details, (sealed: SealedText) => cipher.openForChild(ref.childId, ref.ownerId, sealed));
    const birthDate = child.profile && child.ownerId ? ((await cipher.openForChild(ref.childId, child.ownerId, child.profile.birthDate)) ?? '') : '';
    const reader: Reader = { userId, acceptLanguage, members: child.members, age: { birthDate, timezone: child.profile?.timezone ?? 'UTC' } };
    return view(id, ref.childId, ref.ownerId, details, opened, reader, earlier.position);
  }

  /** The answer the actor's Idempotency-Key got on this entry before, or null when it appended nothing there. */
  async function repeated(actor: WriteActor, id: string, read?: readonly RecordedEvent[]) {
    const earlier = await earlierResult(actor, id, read);
    return earlier && { view: await earlierView(id, earlier, actor), position: earlier.position };
  }

  /**
   * Logs or corrects an entry (`commandType`: the kind's log or correct command) from a request
   * body (`origin`: a dialog's, or a file's row): the same request with the same key again answers as the first time.
   */
  async function write(actor: WriteActor, input: unknown, id: string, commandType: string, origin: EntryOrigin = 'dialog') {
    // One read of the entry's stream finds the key's earlier answer and is decided on.
    const read = await eventStore.readStream(entry.streamId(id));
    const answered = await repeated(actor, id, read);
    if (answered) return answered;
    const { reader, childId, checked, recorded, data } = await prepare(actor, input, id, origin);
    const result = await decide(commandType, data, actor, { startedAt: checked.startedAt, endedAt: checked.endedAt }, read);
    // An entry already logged under this id records nothing again: it answers with what was recorded.
    if (result.repeated || result.appended === 0) return { view: await earlierView(id, result, actor), position: result.position };
    const opened = { notes: checked.notes, details: checked.details };
    // A correction keeps the member who logged the entry.
    const loggedBy = result.state.ref?.ownerId ?? actor.userId;
    return { view: await view(id, childId, loggedBy, recorded, opened, reader, result.position), position: result.position };
  }

  /** Deletes an entry of the actor's family; the answer's position covers the deletion. */
  async function remove(actor: WriteActor, id: string): Promise<{ position: number }> {
    const earlier = await earlierResult(actor, id);
    if (earlier) return { position: earlier.position };
    await assertInFamily(id, actor.userId);
    return { position: (await decide(entry.commands.remove, { [entry.idField]: id }, actor, null)).position };
  }

  /**
   * Brings a deleted entry back as it was (Undo): its times are claimed again first, so an entry
   * logged in its place meanwhile is an overlap. Restoring an entry that is there changes nothing;
   * either way the answer is the entry.
   */
  async function restore(actor: WriteActor, id: string) {
    const answered = await repeated(actor, id);
    if (answered) return answered;
    await assertInFamily(id, actor.userId);
    const { interval } = await holderOf(id);
    const result = await decide(entry.commands.restore, { [entry.idField]: id }, actor, interval);
    return { view: await earlierView(id, result, actor), position: result.position };
  }

  return { write, remove, restore, repeated, holderOf };
}

