import { decideEntrySlotClaims, decideEntrySlotDay, slotDays, slotsOfDay, slotStanding, type SlotHolder } from '@nightlight/domain/entry-slots/entry-slot.decider';
import { evolveEntrySlotDay, type EntrySlot, type EntrySlotEvent, type SlottedKind } from '@nightlight/domain/entry-slots/entry-slot.events';
import { instantMs } from '@nightlight/domain/time/zoned-time';
import { decideOnDay, SlotInFlight, type EntrySlotDeps, type SlotActor } from './entry-slots';

/** An imported session's times, to be held on the days they reach into. */
export interface SessionClaim {
  entryId: string;
  startedAt: string;
  endedAt: string;
}

/** One kind of one child's days, as an import writes to them. */
export interface ImportDays {
  kind: SlottedKind;
  childId: string;
  actor: SlotActor;
  /** What an entry's own stream says of it now. */
  holderOf: (entryId: string) => Promise<SlotHolder>;
  /** The slots a day without a stream opens with: the entries logged before days had streams. */
  historyOf: (day: string) => EntrySlot[];
}

/** The claims by the days they reach into. */
function byDay(claims: readonly SessionClaim[]): Map<string, SessionClaim[]> {
  const days = new Map<string, SessionClaim[]>();
  for (const claim of claims) {
    for (const day of slotDays(claim)) {
      const onDay = days.get(day);
      if (onDay) onDay.push(claim);
      else days.set(day, [claim]);
    }
  }
  return days;
}

/**
 * Claims the times of an import's sessions of one kind, all of a day's in one append to the day's
 * stream at the revision read, every day at once (so the event store commits them together). The
 * day's stream stays the arbiter: a session in the way of an entry held there (logged by another
 * phone or process meanwhile) is refused, one in the way of a write still in flight waits for it,
 * a slot left over from a write that never finished is released. Gives the entry ids refused; a
 * session refused on one of its days is released again on the others.
 */
export async function claimImportSlots(deps: EntrySlotDeps, days: ImportDays, claims: readonly SessionClaim[]): Promise<Set<string>> {
  const refusedOnDays = await Promise.all(
    [...byDay(claims)].map(async ([day, onDay]) => {
      const spans = onDay.map((claim) => ({ start: instantMs(claim.startedAt), end: instantMs(claim.endedAt) }));
      const mine = new Set(onDay.map((claim) => claim.entryId));
      const slots = onDay.map((claim): EntrySlot => ({ ...claim, claimedAt: deps.clock().toISOString() }));
      // The refusals of the decision that was appended: a day that moved meanwhile is decided again.
      let refused: string[] = [];
      await decideOnDay(deps, { ...days, day, history: async () => days.historyOf(day) }, days.actor, async (state, history, mayWait) => {
        const leftOver: string[] = [];
        for (const other of slotsOfDay(state, history)) {
          if (mine.has(other.entryId)) continue;
          const start = instantMs(other.startedAt);
          const end = instantMs(other.endedAt);
          if (!spans.some((span) => span.start < end && start < span.end)) continue;
          const standing = slotStanding(other, await days.holderOf(other.entryId), deps.clock());
          // Still unfinished after any write would have finished, it counts as held.
          if (standing === 'in-flight' && mayWait) throw new SlotInFlight();
          if (standing === 'left-over') leftOver.push(other.entryId);
        }
        const decided = decideEntrySlotClaims(state, { slots, history, leftOver });
        refused = decided.refused;
        return decided.events;
      });
      return refused;
    }),
  );
  const refused = new Set(refusedOnDays.flat());
  const claimedElsewhere = claims.filter((claim) => refused.has(claim.entryId) && slotDays(claim).length > 1);
  if (claimedElsewhere.length > 0) await matchImportSlots(deps, days, claimedElsewhere);
  return refused;
}

/**
 * Makes the days of these sessions say again what the entries' own streams say: after a refusal on
 * another of their days, or an entry's event that could not be appended.
 */
export async function matchImportSlots(deps: EntrySlotDeps, days: ImportDays, claims: readonly SessionClaim[]): Promise<void> {
  await Promise.all(
    [...byDay(claims)].map(([day, onDay]) =>
      decideOnDay(deps, { ...days, day, history: async () => days.historyOf(day) }, days.actor, async (state, history) => {
        const events: EntrySlotEvent[] = [];
        let now = state;
        for (const { entryId } of onDay) {
          const holder = await days.holderOf(entryId);
          const holds = holder.status === 'logged' && holder.interval !== null && slotDays(holder.interval).includes(day);
          const slot = holds && holder.interval ? { entryId, ...holder.interval, claimedAt: deps.clock().toISOString() } : null;
          const matched = decideEntrySlotDay({ type: 'MatchEntrySlot', data: { entryId, slot, history } }, now);
          now = matched.reduce(evolveEntrySlotDay, now);
          events.push(...matched);
        }
        return events;
      }),
    ),
  );
}
