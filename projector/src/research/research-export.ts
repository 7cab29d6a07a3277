import { once } from 'node:events';
import type { Writable } from 'node:stream';
import {
  childResearchFactsOf,
  evolveResearchProfile,
  mayResearch,
  RESEARCH_PROFILE_EVENTS,
  type ChildResearchFacts,
  type ChildResearchProfile,
} from '@nightlight/domain/research/child-research-facts';
import { childPseudonym, dateShiftDays, entryPseudonym, type KeyedDigest } from '@nightlight/domain/research/research-identity';
import {
  childLineBuilder,
  isReleased,
  RESEARCH_SCHEMA_VERSION,
  researchChildIdOf,
  valuesEndOf,
  type ResearchLine,
  type StreamControlLine,
} from '@nightlight/domain/research/research-lines';
import { releaseCutoff, releaseTooSmallMessage } from '@nightlight/domain/research/research-release';
import type { ExportedLine } from '@nightlight/domain/research/research-replica';
import { finalStateOf, type ChildFinalState } from '@nightlight/domain/research/research-tables';
import { addDays, type LocalDate } from '@nightlight/domain/time/zoned-time';
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
export const EARLIER_FORMAT_MESSAGE = 'from is the resumeFrom of an export in an earlier line format: start again with a full export (no from)';

/** A `from` that resumes nothing: the message says why. */
export class ResumeCursorError extends Error {}

/** A release with fewer children than RESEARCH_MIN_CHILDREN: nothing leaves. */
export class ReleaseTooSmallError extends Error {}

/** The log position a `from` resumes after; null (from the start) for none or `0`. */
export function resumePosition(cursor: ResearchCursorCodec, from: string | undefined): number | null {
  if (from === undefined || from === '0') return null;
  if (from.startsWith('rc1.')) throw new ResumeCursorError(EARLIER_FORMAT_MESSAGE);
  const position = cursor.decode(from);
  if (position === null) throw new ResumeCursorError(RESUME_FROM_MESSAGE);
  return position;
}

/** The last line of every export. */
export interface ResearchExportEnd {
  schemaVersion: typeof RESEARCH_SCHEMA_VERSION;
  kind: 'end';
  lines: number;
  children: number;
  shiftedThrough: LocalDate;
  resumeFrom: string;
}

/**
 * Children whose history is replayed in one pass over the log add up to at most this many events:
 * their lines are held until the pass ends, so they can be written child by child.
 */
const BATCH_EVENTS = 25_000;
/** NDJSON is handed on in chunks of about this many characters, not a write per line. */
const CHUNK_CHARS = 64 * 1024;
const DAY_MS = 86_400_000;

/** Where an entry's values end, kept as the extremes of a child's entries. */
interface ValueExtremes {
  /** The earliest end (or start) instant of a timed entry's values, ms. */
  instant: number | null;
  /** The earliest measurement day. */
  day: LocalDate | null;
}

/** What the first pass learns of a child, at the head of the log and at the `from` of a resumed export. */
interface ChildTally {
  childId: string;
  pseudonym: string;
  /** Steps of its history (its `seq`s), up to the head. */
  steps: number;
  profile: ChildResearchProfile | null;
  profileAtFrom: ChildResearchProfile | null;
  earliest: ValueExtremes;
  earliestAtFrom: ValueExtremes;
  /** The range of every value's end, ms, to tell whether a moved cutoff may pass one of them. */
  spanMs: { min: number; max: number } | null;
  /** Something of the child (a step of its history, its profile, an answer about research) was recorded after `from`. */
  changedSinceFrom: boolean;
}

interface LogTally {
  children: ChildTally[];
  newestRecordedAt: string | null;
  newestRecordedAtFrom: string | null;
}

/** Events up to and including `head`. */
async function* eventsUpTo(eventStore: EventStore, head: number): AsyncGenerator<RecordedEvent> {
  for await (const event of eventStore.readAll({ fromPosition: 0 })) {
    if (event.position > head) return;
    yield event;
  }
}

const newer = (a: string | null, b: string): string => (a === null || b > a ? b : a);

function noteValues(extremes: ValueExtremes, end: { instant: string } | { day: LocalDate }): void {
  if ('day' in end) {
    if (extremes.day === null || end.day < extremes.day) extremes.day = end.day;
  } else {
    const ms = Date.parse(end.instant);
    if (extremes.instant === null || ms < extremes.instant) extremes.instant = ms;
  }
}

/** The first pass: every child the log has a history of, with its profile at the head and at `from`. */
async function tallyLog(source: ResearchSource, fromPosition: number, head: number): Promise<LogTally> {
  const tallies = new Map<string, ChildTally>();
  const tallyOf = (childId: string): ChildTally => {
    let tally = tallies.get(childId);
    if (!tally) {
      const none = () => ({ instant: null, day: null });
      tally = { childId, pseudonym: childPseudonym(source.digest, childId), steps: 0, profile: null, profileAtFrom: null, earliest: none(), earliestAtFrom: none(), spanMs: null, changedSinceFrom: false };
      tallies.set(childId, tally);
    }
    return tally;
  };
  let newestRecordedAt: string | null = null;
  let newestRecordedAtFrom: string | null = null;
  for await (const event of eventsUpTo(source.eventStore, head)) {
    const atFrom = event.position <= fromPosition;
    newestRecordedAt = newer(newestRecordedAt, event.metadata.recordedAt);
    if (atFrom) newestRecordedAtFrom = newer(newestRecordedAtFrom, event.metadata.recordedAt);
    if (RESEARCH_PROFILE_EVENTS.has(event.type)) {
      const tally = tallyOf((event.data as { childId: string }).childId);
      tally.profile = evolveResearchProfile(tally.profile, event);
      if (atFrom) tally.profileAtFrom = tally.profile;
      else tally.changedSinceFrom = true;
    }
    const childId = researchChildIdOf(event);
    if (!childId) continue;
    const tally = tallyOf(childId);
    tally.steps += 1;
    if (!atFrom) tally.changedSinceFrom = true;
    const end = valuesEndOf(event);
    if (!end) continue;
    noteValues(tally.earliest, end);
    if (atFrom) noteValues(tally.earliestAtFrom, end);
    const ms = 'day' in end ? Date.parse(`${end.day}T00:00:00Z`) : Date.parse(end.instant);
    tally.spanMs = tally.spanMs ? { min: Math.min(tally.spanMs.min, ms), max: Math.max(tally.spanMs.max, ms) } : { min: ms, max: ms };
  }
  // Pseudonyms are keyed digests: their order says nothing about when a child joined or how.
  const children = [...tallies.values()].sort((a, b) => (a.pseudonym < b.pseudonym ? -1 : 1));
  return { children, newestRecordedAt, newestRecordedAtFrom };
}

/** Whether a release whose first left-out date is `cutoff` holds the child: research may have it, and one of its entries lies before the cutoff. */
function inRelease(profile: ChildResearchProfile | null, earliest: ValueExtremes, shift: number, cutoff: LocalDate): profile is ChildResearchProfile {
  if (!profile || !mayResearch(profile)) return false;
  const facts = { dateShiftDays: shift, schedule: profile.schedule };
  if (earliest.instant !== null && isReleased({ instant: new Date(earliest.instant).toISOString() }, facts, cutoff)) return true;
  return earliest.day !== null && isReleased({ day: earliest.day }, facts, cutoff);
}

/**
 * What an export writes of a child: every line of its history (`all`); `restate`, the same after a
 * `stream-restated` line; `diff`, the lines that are new or changed since `from`; or `withdraw`.
 */
type Plan =
  | { tally: ChildTally; mode: 'withdraw' }
  | { tally: ChildTally; mode: 'all' | 'restate'; facts: ChildResearchFacts }
  | { tally: ChildTally; mode: 'diff'; facts: ChildResearchFacts; factsAtFrom: ChildResearchFacts };

/** The child's facts from its profile: an anonymised child's ages come from its birth month, its birth date is not opened. */
async function factsOf(source: ResearchSource, profile: ChildResearchProfile): Promise<ChildResearchFacts> {
  const birthDate = profile.anonymized ? null : await source.cipher.openForChild(profile.childId, profile.ownerId, profile.sealedBirthDate);
  return childResearchFactsOf(profile, birthDate, source.digest);
}

export interface ReleaseOptions {
  /** Fewer children than this in the release: refused with ReleaseTooSmallError (RESEARCH_MIN_CHILDREN). */
  minChildren?: number;
  /** Events replayed at once; BATCH_EVENTS unless a test wants small batches. */
  batchEvents?: number;
}

/** A release, counted and checked: its lines (and tables) are read once each, as the caller writes them. */
export interface ResearchRelease {
  /** Children the release holds. */
  children: number;
  /** The export as NDJSON chunks, ending with the `end` line. */
  ndjson(summary?: ExportSummary): AsyncGenerator<string>;
  /** Each child's final state, in pseudonym order (a full release only). */
  finalStates(): AsyncGenerator<ChildFinalState>;
}

export interface ExportSummary {
  /** Lines before the end line. */
  lines: number;
  /** The `from` of the next export: it picks up exactly after this one. */
  resumeFrom: string;
}

/**
 * Prepares the release of the log up to its head, as a researcher who applied every export up to
 * `fromPosition` must receive it (null: from nothing). A first pass reads the whole log, counting
 * each child's history and folding its profile at the head and at `from`; the release's cutoff
 * comes from the newest recording (research-release.ts). A full release of fewer children than
 * `minChildren` is refused before anything is written; a resumed one withdraws every child it had.
 */
export async function prepareResearchRelease(source: ResearchSource, fromPosition: number | null, options: ReleaseOptions = {}): Promise<ResearchRelease> {
  const head = await source.eventStore.headPosition();
  const from = Math.min(fromPosition ?? 0, head);
  const log = await tallyLog(source, from, head);
  const cutoff = releaseCutoff(log.newestRecordedAt);
  const cutoffAtFrom = releaseCutoff(log.newestRecordedAtFrom);
  const cutoffMoved = cutoffAtFrom < cutoff;

  const plans: Plan[] = [];
  /** The children the researcher holds lines of, as of `from`. */
  const held: ChildTally[] = [];
  let children = 0;
  for (const tally of log.children) {
    const shift = dateShiftDays(source.digest, tally.childId);
    const now = inRelease(tally.profile, tally.earliest, shift, cutoff);
    const before = from > 0 && inRelease(tally.profileAtFrom, tally.earliestAtFrom, shift, cutoffAtFrom);
    if (before) held.push(tally);
    if (now) children += 1;
    if (!now) {
      if (before) plans.push({ tally, mode: 'withdraw' });
      continue;
    }
    const facts = await factsOf(source, tally.profile!);
    if (!before) {
      plans.push({ tally, mode: 'all', facts });
      continue;
    }
    const span = tally.spanMs;
    const mayCross = cutoffMoved && span !== null && span.max + shift * DAY_MS >= Date.parse(`${cutoffAtFrom}T00:00:00Z`) - 2 * DAY_MS && span.min + shift * DAY_MS < Date.parse(`${cutoff}T00:00:00Z`) + 2 * DAY_MS;
    if (!tally.changedSinceFrom && !mayCross) continue;
    const factsAtFrom = await factsOf(source, tally.profileAtFrom!);
    // Facts every line is computed with changed (a birth date corrected, the account deleted, a new zone): all of it again.
    if (JSON.stringify(factsAtFrom) !== JSON.stringify(facts)) plans.push({ tally, mode: 'restate', facts });
    else plans.push({ tally, mode: 'diff', facts, factsAtFrom });
  }
  const minChildren = options.minChildren ?? 1;
  let resumeAt = head;
  if (children < minChildren) {
    if (from === 0) throw new ReleaseTooSmallError(releaseTooSmallMessage(children, minChildren));
    // Too small to stand, it stands for nobody: whoever holds lines of it drops them all, and starts again from nothing.
    plans.splice(0, plans.length, ...held.map((tally) => ({ tally, mode: 'withdraw' as const })));
    children = 0;
    resumeAt = 0;
  }

  const lines = () => exportedLines(source, plans, { from, head, cutoff, cutoffAtFrom, batchEvents: options.batchEvents ?? BATCH_EVENTS });
  return {
    children,
    async *ndjson(summary = { lines: 0, resumeFrom: '' }) {
      let chunk = '';
      for await (const line of lines()) {
        summary.lines += 1;
        chunk += `${line}\n`;
        if (chunk.length >= CHUNK_CHARS) {
          yield chunk;
          chunk = '';
        }
      }
      summary.resumeFrom = source.cursor.encode(resumeAt);
      const end: ResearchExportEnd = { schemaVersion: RESEARCH_SCHEMA_VERSION, kind: 'end', lines: summary.lines, children, shiftedThrough: addDays(cutoff, -1), resumeFrom: summary.resumeFrom };
      yield `${chunk}${JSON.stringify(end)}\n`;
    },
    async *finalStates() {
      let stream: ResearchLine[] = [];
      for await (const json of lines()) {
        const line = JSON.parse(json) as ExportedLine;
        if (line.kind === 'stream-restated' || line.kind === 'child-withdrawn') continue;
        if (stream.length > 0 && stream[0]!.stream !== line.stream) {
          yield finalStateOf(stream)!;
          stream = [];
        }
        stream.push(line);
      }
      if (stream.length > 0) yield finalStateOf(stream)!;
    },
  };
}

/** Consecutive plans whose histories add up to at most `batchEvents` steps; a longer history is a batch of its own. */
function* batchesOf(plans: readonly Plan[], batchEvents: number): Generator<Plan[]> {
  let batch: Plan[] = [];
  let steps = 0;
  for (const plan of plans) {
    if (batch.length > 0 && steps + plan.tally.steps > batchEvents) {
      yield batch;
      batch = [];
      steps = 0;
    }
    batch.push(plan);
    steps += plan.mode === 'withdraw' ? 0 : plan.tally.steps;
  }
  if (batch.length > 0) yield batch;
}

interface ReplayBounds {
  from: number;
  head: number;
  cutoff: LocalDate;
  cutoffAtFrom: LocalDate;
  batchEvents: number;
}

/** A child's history replayed: the lines it gets now, and for `diff` the lines it had at `from`. */
interface Replay {
  plan: Plan;
  step: number;
  lineOf: (event: { type: string; data: unknown }, seq: number) => ResearchLine | null;
  lineAtFromOf: ((event: { type: string; data: unknown }, seq: number) => ResearchLine | null) | null;
  /** Lines as JSON, held until the batch's pass ends. */
  lines: string[];
}

/**
 * The export's lines, child by child in pseudonym order. Batch by batch, one pass over the log
 * replays each child's history from its first event with the facts and cutoff of now, and for a
 * `diff` also with those of `from`: a line is written when it is new or differs from the one the
 * researcher holds under the same `seq`. A child bigger than a batch is written as it is replayed.
 * Lines are JSON from the start: held as text, compared as text, written as text.
 */
async function* exportedLines(source: ResearchSource, plans: readonly Plan[], bounds: ReplayBounds): AsyncGenerator<string> {
  const pseudonymOf = (entryId: string) => entryPseudonym(source.digest, entryId);
  const control = (plan: Plan, kind: StreamControlLine['kind']): string => JSON.stringify({ schemaVersion: RESEARCH_SCHEMA_VERSION, stream: plan.tally.pseudonym, kind } satisfies StreamControlLine);
  for (const batch of batchesOf(plans, bounds.batchEvents)) {
    const replays = new Map<string, Replay>();
    for (const plan of batch) {
      if (plan.mode === 'withdraw') continue;
      const lineAtFromOf = plan.mode === 'diff' ? childLineBuilder(plan.factsAtFrom, bounds.cutoffAtFrom, pseudonymOf) : null;
      replays.set(plan.tally.childId, { plan, step: 0, lineOf: childLineBuilder(plan.facts, bounds.cutoff, pseudonymOf), lineAtFromOf, lines: plan.mode === 'restate' ? [control(plan, 'stream-restated')] : [] });
    }
    const streamed = batch.length === 1 && replays.size === 1 ? [...replays.values()][0]! : null;
    if (streamed) {
      yield* streamed.lines;
      streamed.lines = [];
    }
    if (replays.size > 0) {
      for await (const event of eventsUpTo(source.eventStore, bounds.head)) {
        const childId = researchChildIdOf(event);
        const replay = childId === null ? undefined : replays.get(childId);
        if (!replay) continue;
        replay.step += 1;
        const line = replay.lineOf(event, replay.step);
        // The replay as of `from` sees every event up to it, line or not: its entries' state depends on them all.
        const held = replay.lineAtFromOf && event.position <= bounds.from ? replay.lineAtFromOf(event, replay.step) : null;
        if (!line) continue;
        const json = JSON.stringify(line);
        if (held && json === JSON.stringify(held)) continue;
        if (streamed) yield json;
        else replay.lines.push(json);
      }
    }
    for (const plan of batch) {
      if (plan.mode === 'withdraw') yield control(plan, 'child-withdrawn');
      else yield* replays.get(plan.tally.childId)!.lines;
    }
  }
}

/** Writes the export to `out`, waiting for 'drain' whenever it is full, so memory stays flat. */
export async function writeResearchExport(release: ResearchRelease, out: Writable): Promise<ExportSummary> {
  const summary: ExportSummary = { lines: 0, resumeFrom: '' };
  for await (const chunk of release.ndjson(summary)) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
  return summary;
}
