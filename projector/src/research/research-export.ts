import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { childResearchFactsOf, childResearchProfileOf, type ChildResearchFacts } from '@nightlight/domain/research/child-research-facts';
import { anonymiseEvent, researchChildIdOf, type ResearchEvent } from '@nightlight/domain/research/research-event';
import { entryPseudonym, type KeyedDigest } from '@nightlight/domain/research/research-identity';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import type { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import type { EventStore } from '@nightlight/infrastructure/ports/event-store';

export interface ResearchSource {
  eventStore: EventStore;
  cipher: PersonalDataCipher;
  digest: KeyedDigest;
}

/** Children whose facts are kept at once: memory stays bounded however many children the log holds. */
const FACTS_CACHE_SIZE = 1_000;
/** NDJSON is handed on in chunks of about this many characters, not a write per line. */
const CHUNK_CHARS = 64 * 1024;

/**
 * A child's facts from its own stream, read when the child is first met: the stream is short, and
 * reading all of it is what lets a replay see the profile as last recorded and what anonymisation kept.
 */
function childFactsReader(source: ResearchSource): (childId: string) => Promise<ChildResearchFacts | null> {
  const cache = new Map<string, ChildResearchFacts | null>();
  return async (childId) => {
    const cached = cache.get(childId);
    if (cached !== undefined) {
      // Re-inserted so the Map's order is least recently used first.
      cache.delete(childId);
      cache.set(childId, cached);
      return cached;
    }
    const profile = childResearchProfileOf(await source.eventStore.readStream(childStreamId(childId)));
    // An anonymised child's ages come from its birth month: its birth date is not opened, even while the key still exists.
    const birthDate = profile && !profile.anonymized ? await source.cipher.open(profile.ownerId, profile.sealedBirthDate) : null;
    const facts = profile && childResearchFactsOf(profile, birthDate, source.digest);
    if (cache.size >= FACTS_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(childId, facts);
    return facts;
  };
}

/**
 * Research events after `fromPosition` (exclusive) up to the head of the log when the replay
 * starts, in log order, so each child's events keep their order. Pages are pulled as they are used.
 */
export async function* researchEvents(source: ResearchSource, fromPosition: number): AsyncGenerator<ResearchEvent> {
  const head = await source.eventStore.headPosition();
  const factsOf = childFactsReader(source);
  const pseudonymOf = (entryId: string) => entryPseudonym(source.digest, entryId);
  for await (const event of source.eventStore.readAll({ fromPosition })) {
    if (event.position > head) return;
    const childId = researchChildIdOf(event);
    if (!childId) continue;
    const facts = await factsOf(childId);
    if (!facts) continue;
    const research = anonymiseEvent({ position: event.position, type: event.type, data: event.data, recordedAt: event.metadata.recordedAt }, facts, pseudonymOf);
    if (research) yield research;
  }
}

/** NDJSON text, one event a line, handed on in chunks. */
async function* ndjsonChunks(events: AsyncIterable<ResearchEvent>): AsyncGenerator<string> {
  let chunk = '';
  for await (const event of events) {
    chunk += `${JSON.stringify(event)}\n`;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

export function researchNdjson(source: ResearchSource, fromPosition: number): AsyncGenerator<string> {
  return ndjsonChunks(researchEvents(source, fromPosition));
}

export interface ExportSummary {
  events: number;
  /** The last line's position: where a resumed export starts (`--from`). */
  lastPosition: number | null;
}

/** Writes the replay to `out`, waiting for 'drain' whenever it is full, so memory stays flat. */
export async function writeResearchExport(source: ResearchSource, fromPosition: number, out: Writable): Promise<ExportSummary> {
  const summary: ExportSummary = { events: 0, lastPosition: null };
  async function* counted(): AsyncGenerator<ResearchEvent> {
    for await (const event of researchEvents(source, fromPosition)) {
      summary.events += 1;
      summary.lastPosition = event.position;
      yield event;
    }
  }
  for await (const chunk of ndjsonChunks(counted())) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
  return summary;
}
