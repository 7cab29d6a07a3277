import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import { createSqliteEventStore } from '@nightlight/infrastructure/event-store/sqlite-event-store';
import { createSqliteKeyStore } from '@nightlight/infrastructure/key-store/sqlite-key-store';
import { researchCursorCodec } from '@nightlight/infrastructure/crypto/research-cursor';
import { researchDigest } from '@nightlight/infrastructure/crypto/research-digest';
import { schemaVersionOf } from '@nightlight/domain/events/event-registry';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import { prepareResearchRelease, writeResearchExport } from '@nightlight/projector/research/research-export';
import { generateFamilies } from './support/generate-families';

/**
 * The research export over a generated log: `npx tsx tests/bench/research-export.bench.ts`.
 * EVENTS (default 100,000) and EVENTS_PER_CHILD (default 200, so 500 children) size the log.
 * Peak RSS is sampled every 20 ms while the export runs; flat memory shows the export streams.
 * CPU time is printed beside wall time because a shared machine can slow the wall clock down.
 */
const events = Number(process.env.EVENTS ?? 100_000);
const perChild = Number(process.env.EVENTS_PER_CHILD ?? 200);
const dir = mkdtempSync(path.join(tmpdir(), 'nightlight-research-bench-'));
const masterKey = randomBytes(32);

const writerKeys = createSqliteKeyStore({ file: path.join(dir, 'keys.sqlite') });
const writer = createSqliteEventStore({ file: path.join(dir, 'events.sqlite') });
const children = Math.ceil(events / perChild);
let started = performance.now();
const childIds: string[] = [];
const appended = await generateFamilies(writer, new PersonalDataCipher(masterKey, writerKeys), { children, eventsPerChild: perChild, onChild: (id) => childIds.push(id) });
// Every family agreed to research: only children with a yes are in a release.
for (const childId of childIds) {
  const metadata = { correlationId: childId, causationId: childId, schemaVersion: schemaVersionOf('ChildResearchConsentChanged'), recordedAt: new Date().toISOString() };
  await writer.append(childStreamId(childId), [{ id: crypto.randomUUID(), type: 'ChildResearchConsentChanged', data: { childId, consent: true }, metadata }], 'any');
}
console.log(`generated ${appended} events (${children} children × ${perChild}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await writer.close();
await writerKeys.close();

const keyStore = createSqliteKeyStore({ file: path.join(dir, 'keys.sqlite') });
const eventStore = createSqliteEventStore({ file: path.join(dir, 'events.sqlite') });
const researchSecret = { RESEARCH_SECRET: randomBytes(32).toString('base64'), dataDir: dir };
const source = { eventStore, cipher: new PersonalDataCipher(masterKey, keyStore), digest: researchDigest(researchSecret), cursor: researchCursorCodec(researchSecret) };
const outFile = path.join(dir, 'export.ndjson');
const out = createWriteStream(outFile);

const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
started = performance.now();
const cpuBefore = process.cpuUsage();
const summary = await writeResearchExport(await prepareResearchRelease(source, null), out);
out.end();
await once(out, 'finish');
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
clearInterval(sampler);

const mib = (bytes: number) => `${Math.round(bytes / 1_048_576)} MiB`;
console.log(
  `exported ${summary.lines} research lines (${mib(statSync(outFile).size)} of NDJSON) in ${seconds.toFixed(2)} s: ` +
    `${Math.round(summary.lines / seconds).toLocaleString('en')} events/s ` +
    `(${cpuSeconds.toFixed(2)} s of CPU: ${Math.round(summary.lines / cpuSeconds).toLocaleString('en')} events per CPU-second), ` +
    `RSS ${mib(rssBefore)} before, peak ${mib(peakRss)}`,
);
await eventStore.close();
await keyStore.close();
rmSync(dir, { recursive: true, force: true });
