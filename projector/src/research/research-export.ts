import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { childResearchFactsOf, childResearchProfileOf, type ChildResearchFacts } from '@nightlight/domain/research/child-research-facts';
import { anonymiseEvent, researchChildIdOf, type ResearchWithdrawal } from '@nightlight/domain/research/research-event';
import { childPseudonym, entryPseudonym, type KeyedDigest } from '@nightlight/domain/research/research-identity';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import type { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import type { ResearchCursorCodec } from '@nightlight/infrastructure/crypto/research-cursor';
import type { EventStore, RecordedEvent } from '@nightlight/infrastructure/ports/event-store';

export interface ResearchSource {
  eventStore: EventStore;
  cipher: PersonalDataCipher;
  digest: KeyedDigest;
  cursor: ResearchCursorCodec;
}

export const RESUME_FROM_MESSAGE = "from must be the resumeFrom of an earlier export's last line";

/** The last line of every export: how many lines came before it, and where the next export resumes. */
export interface ResearchExportEnd {
  kind: 'end';
  lines: number;
  resumeFrom: string;
}

/**
 * Research events of the children in one batch are held until the batch's pass over the log ends,
 * so they can be written child by child: at most about this many lines at once, whatever the log's size.
 */
const BATCH_EVENTS = 25_000;
/** NDJSON is handed on in chunks of about this many characters, not a write per line. */
const CHUNK_CHARS = 64 * 1024;

/** What the first pass learns of a child: its pseudonym and how many of its research events lie before and after `from`. */
interface ChildTally {
  childId: string;
  pseudonym: string;
  before: number;
  after: number;
  /** The child's removal lies after `from`: whoever holds earlier lines of it must drop them. */
  removedSinceFrom: boolean;
}

/** Events up to and including `head`, from just after `fromPosition`. */
async function* eventsUpTo(eventStore: EventStore, fromPosition: number, head: number): AsyncGenerator<RecordedEvent> {
  for await (const event of eventStore.readAll({ fromPosition })) {
    if (event.position > head) return;
    yield event;
  }
}

/** The first pass: every child with something to say in this export, in pseudonym order. */
async function tallyChildren(source: ResearchSource, fromPosition: number, head: number): Promise<ChildTally[]> {
  const tallies = new Map<string, ChildTally>();
  const tallyOf = (childId: string): ChildTally => {
    let tally = tallies.get(childId);
    if (!tally) tallies.set(childId, (tally = { childId, pseudonym: childPseudonym(source.digest, childId), before: 0, after: 0, removedSinceFrom: false }));
    return tally;
  };
  for await (const event of eventsUpTo(source.eventStore, 0, head)) {
    const childId = researchChildIdOf(event);
    if (childId) {
      const tally = tallyOf(childId);
      if (event.position <= fromPosition) tally.before += 1;
      else tally.after += 1;
    } else if (event.type === 'ChildRemoved' && event.position > fromPosition) {
      tallyOf((event.data as { childId: string }).childId).removedSinceFrom = true;
    }
  }
  // Pseudonyms are keyed digests: their order says nothing about when a child joined or how.
  return [...tallies.values()].filter((tally) => tally.after > 0 || (tally.removedSinceFrom && tally.before > 0)).sort((a, b) => (a.pseudonym < b.pseudonym ? -1 : 1));
}

/** Consecutive children whose new events add up to at most `batchEvents`; a larger child is a batch of its own. */
function* batchesOf(tallies: readonly ChildTally[], batchEvents: number): Generator<ChildTally[]> {
  let batch: ChildTally[] = [];
  let events = 0;
  for (const tally of tallies) {
    if (batch.length > 0 && events + tally.after > batchEvents) {
      yield batch;
      batch = [];
      events = 0;
    }
    batch.push(tally);
    events += tally.after;
  }
  if (batch.length > 0) yield batch;
}

type Planned = { tally: ChildTally; withdrawal: ResearchWithdrawal } | { tally: ChildTally; facts: ChildResearchFacts; lines: string[]; seq: number };

/**
 * What the export says of a child, from its own stream as it stood at `head`: nothing for a child
 * removed before `from` or without a profile, a withdrawal for one removed since, else its facts.
 */
async function planChild(source: ResearchSource, tally: ChildTally, fromPosition: number, head: number): Promise<Planned | null> {
  const events = (await source.eventStore.readStream(childStreamId(tally.childId))).filter((event) => event.position <= head);
  const profile = childResearchProfileOf(events);
  if (!profile) return null;
  if (profile.removed) {
    // Only someone who was given lines of the child before needs telling; nobody else learns it existed.
    const removedBeforeFrom = childResearchProfileOf(events.filter((event) => event.position <= fromPosition))?.removed ?? false;
    return tally.before > 0 && !removedBeforeFrom ? { tally, withdrawal: { stream: tally.pseudonym, kind: 'child-withdrawn' } } : null;
  }
  if (tally.after === 0) return null;
  // An anonymised child's ages come from its birth month: its birth date is not opened, even while the key still exists.
  const birthDate = profile.anonymized ? null : await source.cipher.openForChild(tally.childId, profile.ownerId, profile.sealedBirthDate);
  return { tally, facts: childResearchFactsOf(profile, birthDate, source.digest), lines: [], seq: tally.before };
}

/**
 * The research lines after `fromPosition` (exclusive) up to the head of the log when the export
 * starts, grouped by child in pseudonym order, each child's in log order and numbered by `seq`. A
 * first pass counts each child's events; then, batch by batch of children, one pass over the log
 * collects their lines. A child bigger than a batch is written as its events are read.
 */
async function* researchLines(source: ResearchSource, fromPosition: number, head: number, batchEvents: number): AsyncGenerator<string> {
  const pseudonymOf = (entryId: string) => entryPseudonym(source.digest, entryId);
  for (const batch of batchesOf(await tallyChildren(source, fromPosition, head), batchEvents)) {
    const planned: Planned[] = [];
    for (const tally of batch) {
      const plan = await planChild(source, tally, fromPosition, head);
      if (plan) planned.push(plan);
    }
    const collecting = new Map(planned.flatMap((plan) => ('facts' in plan ? [[plan.tally.childId, plan] as const] : [])));
    const streamed = planned.length === 1 && collecting.size === 1;
    if (collecting.size > 0) {
      for await (const event of eventsUpTo(source.eventStore, fromPosition, head)) {
        const childId = researchChildIdOf(event);
        const plan = childId === null ? undefined : collecting.get(childId);
        if (!plan) continue;
        plan.seq += 1;
        const research = anonymiseEvent({ type: event.type, data: event.data, recordedAt: event.metadata.recordedAt }, plan.seq, plan.facts, pseudonymOf);
        if (!research) continue;
        if (streamed) yield JSON.stringify(research);
        else plan.lines.push(JSON.stringify(research));
      }
    }
    for (const plan of planned) {
      if ('withdrawal' in plan) yield JSON.stringify(plan.withdrawal);
      else yield* plan.lines;
    }
  }
}

export interface ExportSummary {
  /** Lines before the end line: research events and withdrawals. */
  lines: number;
  /** The `from` of the next export: it picks up exactly after this one. */
  resumeFrom: string;
}

export interface ExportOptions {
  /** Filled in as the export goes. */
  summary?: ExportSummary;
  /** Lines held at once while a batch of children is collected; BATCH_EVENTS unless a test wants small batches. */
  batchEvents?: number;
}

/**
 * The export as NDJSON chunks, ending with the `end` line. Pass null to start from the beginning of
 * the log, or a position decoded from an earlier `resumeFrom`.
 */
export async function* researchNdjson(source: ResearchSource, fromPosition: number | null, options: ExportOptions = {}): AsyncGenerator<string> {
  const summary = options.summary ?? { lines: 0, resumeFrom: '' };
  const head = await source.eventStore.headPosition();
  const from = Math.min(fromPosition ?? 0, head);
  let chunk = '';
  for await (const line of researchLines(source, from, head, options.batchEvents ?? BATCH_EVENTS)) {
    summary.lines += 1;
    chunk += `${line}\n`;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  summary.resumeFrom = source.cursor.encode(head);
  const end: ResearchExportEnd = { kind: 'end', lines: summary.lines, resumeFrom: summary.resumeFrom };
  yield `${chunk}${JSON.stringify(end)}\n`;
}

/** Writes the export to `out`, waiting for 'drain' whenever it is full, so memory stays flat. */
export async function writeResearchExport(source: ResearchSource, fromPosition: number | null, out: Writable, options: Omit<ExportOptions, 'summary'> = {}): Promise<ExportSummary> {
  const summary: ExportSummary = { lines: 0, resumeFrom: '' };
  for await (const chunk of researchNdjson(source, fromPosition, { ...options, summary })) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
  return summary;
}
