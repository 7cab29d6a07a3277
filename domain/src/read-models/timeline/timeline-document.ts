import type { DiaperContents, StoolColor } from '../../diapers/diaper.events';
import { diaperGuidance, type DiaperGuidance } from '../../diapers/diaper-rules';
import type { EntryKind } from '../../entries/entry-kinds';
import type { BottleContent, FeedingMethod, NursingSides } from '../../feedings/feeding.events';
import { pumpingMinutes, type VolumeUnit } from '../../pumpings/pumping.events';
import type { RecordedSleepEnvironment } from '../../sleeps/sleep.events';
import { instantMs, localDateOf, type LocalDate } from '../../time/zoned-time';
import { diaperEntryView, feedingEntryView, pumpingEntryView, sleepEntryView, type EntryViewWithoutNotes, type TimelineEntryView } from '../../timeline/timeline-entry';
import type { Units } from '../../units/units';
import { toMillilitres, volumeIn, volumeText, type EnteredAmount } from '../../units/volume';
import type { LoggedBy } from '../children/membership-document';

export const TIMELINE_COLLECTION = 'timeline';

/**
 * One entry of a child (a feeding, a sleep, a diaper change, a pumping session) in its local-time
 * view. The notes and the sleep-sack tag stay sealed with the child's key, as in the event: they
 * are opened only when a member reads the entry, so no read store ever holds free text in the
 * clear and shredding the key makes them unreadable there too. `ownerId` is the member who logged it.
 */
export interface TimelineDocument {
  _id: string;
  kind: EntryKind;
  childId: string;
  ownerId: string;
  /** A diaper change, an instant, starts and ends when it happened. */
  startedAt: string;
  endedAt: string;
  /** Local date of the start in the child's zone: the activity log's and the filters' day. */
  localDate: string;
  amountOz: number | null;
  /** A feeding's amount as entered, in its unit. */
  enteredAmount: EnteredAmount | null;
  method: FeedingMethod | null;
  type: BottleContent | null;
  /** A nursing feeding's minutes on each breast, when a timer recorded them. */
  sides: NursingSides | null;
  environment: RecordedSleepEnvironment | null;
  contents: DiaperContents | null;
  color: StoolColor | null;
  /** A pumping session's amounts, as entered. */
  pumped: PumpedAmounts | null;
  sealedNotes: string;
  entry: EntryViewWithoutNotes;
  /** Position of the last event applied: an event at or below it was seen already. */
  position: number;
  [key: string]: unknown;
}

export interface PumpedAmounts {
  leftAmount: number | null;
  rightAmount: number | null;
  unit: VolumeUnit;
}

export interface EntryFacts {
  id: string;
  kind: EntryKind;
  childId: string;
  ownerId: string;
  startedAt: string;
  endedAt: string;
  amountOz?: number | null;
  enteredAmount?: EnteredAmount | null;
  method?: FeedingMethod | null;
  type?: BottleContent | null;
  sides?: NursingSides | null;
  environment?: RecordedSleepEnvironment | null;
  contents?: DiaperContents | null;
  color?: StoolColor | null;
  pumped?: PumpedAmounts | null;
  sealedNotes: string;
}

/** The entry's line in the timeline, as each kind shows it. */
function entryViewOf(facts: EntryFacts, startedAt: number, endedAt: number, timezone: string): EntryViewWithoutNotes {
  switch (facts.kind) {
    case 'feeding':
      return feedingEntryView({ id: facts.id, startedAt, endedAt, amountOz: facts.amountOz ?? null, method: facts.method ?? 'Bottle' }, timezone);
    case 'sleep':
      return sleepEntryView({ id: facts.id, startedAt, endedAt }, timezone);
    case 'diaper':
      return diaperEntryView({ id: facts.id, occurredAt: startedAt, contents: facts.contents ?? 'wet', color: facts.color ?? null }, timezone);
    case 'pumping':
      return pumpingEntryView({ id: facts.id, startedAt, endedAt, leftAmount: null, rightAmount: null, unit: 'mL', ...facts.pumped }, timezone);
    default: {
      const exhaustive: never = facts.kind;
      return exhaustive;
    }
  }
}

/** The document for an entry in the child's zone; re-run for every entry when the zone changes. */
export function timelineDocument(facts: EntryFacts, timezone: string, position: number): TimelineDocument {
  // Read once: a rebuild makes a document for every entry ever logged.
  const startedAt = instantMs(facts.startedAt);
  const endedAt = instantMs(facts.endedAt);
  return {
    _id: facts.id,
    kind: facts.kind,
    childId: facts.childId,
    ownerId: facts.ownerId,
    startedAt: facts.startedAt,
    endedAt: facts.endedAt,
    localDate: localDateOf(startedAt, timezone),
    amountOz: facts.amountOz ?? null,
    enteredAmount: facts.enteredAmount ? { ...facts.enteredAmount } : null,
    method: facts.method ?? null,
    type: facts.type ?? null,
    sides: facts.sides ? { ...facts.sides } : null,
    // A copy: the document is handed to the read store whole, and the facts belong to the event.
    environment: facts.environment ? { ...facts.environment } : null,
    contents: facts.contents ?? null,
    color: facts.color ?? null,
    pumped: facts.pumped ? { ...facts.pumped } : null,
    sealedNotes: facts.sealedNotes,
    entry: entryViewOf(facts, startedAt, endedAt, timezone),
    position,
  };
}

/** What reading an entry adds to its document: opened free text, who logged it, the child's age facts. */
export interface EntryReading {
  notes: string;
  /** A sleep's opened sleep-sack tag. */
  sleepSackTag: string | null;
  loggedBy: LoggedBy;
  /** For a diaper's guidance, which depends on the child's age on the day. */
  child: { birthDate: LocalDate; timezone: string };
  /** The reader's units; null until they choose one, and then amounts read as they were entered. */
  units: Units | null;
}

/** Ounces in millilitres to one decimal, for a reader who measures so. */
const millilitres = (oz: number | null): number | null => (oz === null ? null : Math.round(toMillilitres(oz, 'oz') * 10) / 10);

/** What each side gave, in the reader's unit: 'L 60 · R 45 mL'. */
function pumpedText(pumped: PumpedAmounts | null, unit: VolumeUnit | null): string {
  if (!pumped) return '-';
  const shown = unit ?? pumped.unit;
  const side = (label: string, value: number | null) => (value === null ? null : `${label} ${volumeIn({ value, unit: pumped.unit }, shown)}`);
  const sides = [side('L', pumped.leftAmount), side('R', pumped.rightAmount)].filter((text) => text !== null);
  return sides.length === 0 ? '-' : `${sides.join(' · ')} ${shown}`;
}

/** The amount column of an entry in the reader's unit; kinds without an amount keep their own text. */
function amountTextFor(doc: Pick<TimelineDocument, 'kind' | 'enteredAmount' | 'sides' | 'pumped' | 'entry'>, units: Units | null): string {
  switch (doc.kind) {
    case 'feeding':
      if (doc.enteredAmount) return volumeText(doc.enteredAmount, units?.volume ?? doc.enteredAmount.unit);
      // Nursing has no amount: the minutes on each breast stand in its place.
      return doc.sides ? `L ${doc.sides.leftMinutes}m · R ${doc.sides.rightMinutes}m` : doc.entry.amount;
    case 'pumping':
      return pumpedText(doc.pumped, units?.volume ?? null);
    case 'sleep':
    case 'diaper':
      return doc.entry.amount;
    default: {
      const exhaustive: never = doc.kind;
      return exhaustive;
    }
  }
}

/** What every entry's answer has: its ids, opened notes, who logged it, and its timeline line. */
interface EntryViewBase {
  id: string;
  childId: string;
  notes: string;
  loggedBy: LoggedBy;
  entry: TimelineEntryView & { loggedBy: LoggedBy };
}

export interface FeedingView extends EntryViewBase {
  startedAt: string;
  endedAt: string;
  amountOz: number | null;
  amountMl: number | null;
  enteredAmount: EnteredAmount | null;
  method: FeedingMethod | null;
  type: BottleContent | null;
  sides: NursingSides | null;
}

export interface SleepView extends EntryViewBase {
  startedAt: string;
  endedAt: string;
  environment: { roomTemp: number | null; whiteNoise: boolean; sleepSackTag: string | null } | null;
}

export interface DiaperView extends EntryViewBase {
  occurredAt: string;
  contents: DiaperContents | null;
  color: StoolColor | null;
  guidance: DiaperGuidance | null;
}

export interface PumpingView extends EntryViewBase {
  startedAt: string;
  durationMinutes: number | null;
  leftAmount: number | null;
  rightAmount: number | null;
  unit: VolumeUnit;
}

/** GET /api/feedings and the rest answer with these, one per kind. */
export interface EntryApiViews {
  feeding: FeedingView;
  sleep: SleepView;
  diaper: DiaperView;
  pumping: PumpingView;
}

/**
 * The API's shape of a timeline document (seed §3 Feeding / Sleep session, a diaper change, plus
 * the timeline entry), with its opened notes, who logged it and, for a sleep, its opened sleep-sack
 * tag: never the sealed tag, nor the TOG rating kept for research.
 */
export function timelineApiView(
  doc: Pick<TimelineDocument, '_id' | 'kind' | 'childId' | 'startedAt' | 'endedAt' | 'amountOz' | 'enteredAmount' | 'method' | 'type' | 'sides' | 'environment' | 'contents' | 'color' | 'pumped' | 'entry'>,
  { notes, sleepSackTag, loggedBy, child, units }: EntryReading,
): EntryApiViews[EntryKind] {
  const common = { id: doc._id, childId: doc.childId, notes, loggedBy, entry: { ...doc.entry, amount: amountTextFor(doc, units), notes, loggedBy } };
  switch (doc.kind) {
    case 'feeding':
      return { ...common, startedAt: doc.startedAt, endedAt: doc.endedAt, amountOz: doc.amountOz, amountMl: millilitres(doc.amountOz), enteredAmount: doc.enteredAmount, method: doc.method, type: doc.type, sides: doc.sides };
    case 'sleep': {
      const environment = doc.environment;
      return { ...common, startedAt: doc.startedAt, endedAt: doc.endedAt, environment: environment && { roomTemp: environment.roomTemp, whiteNoise: environment.whiteNoise, sleepSackTag } };
    }
    case 'diaper':
      return { ...common, occurredAt: doc.startedAt, contents: doc.contents, color: doc.color, guidance: diaperGuidance({ occurredAt: doc.startedAt, color: doc.color }, child) };
    case 'pumping':
      return {
        ...common,
        startedAt: doc.startedAt,
        durationMinutes: pumpingMinutes(doc.startedAt, doc.endedAt),
        leftAmount: doc.pumped?.leftAmount ?? null,
        rightAmount: doc.pumped?.rightAmount ?? null,
        unit: doc.pumped?.unit ?? 'mL',
      };
    default: {
      const exhaustive: never = doc.kind;
      return exhaustive;
    }
  }
}
