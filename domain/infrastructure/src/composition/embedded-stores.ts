import path from 'node:path';
import type { AppConfig } from '../config/app-config';
import { PersonalDataCipher } from '../crypto/personal-data-cipher';
import { secretFromConfigOrFile } from '../crypto/secret-files';
import type { AppendSignal } from '../event-store/append-signal';
import { createSqliteEventStore } from '../event-store/sqlite-event-store';
import { createUpcastingEventStore } from '../event-store/upcasting-event-store';
import { createSqliteKeyStore } from '../key-store/sqlite-key-store';
import type { EventStore } from '../ports/event-store';
import type { KeyStore } from '../ports/key-store';

/*
 * The embedded default's stores, files in DATA_DIR, apart from the full stack's clients: a thread of
 * the embedded server that opens only these (the projector's) starts without loading the drivers of
 * MongoDB, PostgreSQL, Redis and EventStoreDB, which took it 0.6 s.
 */

/** The event log file; `appendSignal`: what the threads of this process that open it share (see AppendSignal). */
export function createEmbeddedEventStore(config: AppConfig, { readonly = false, appendSignal }: { readonly?: boolean; appendSignal?: AppendSignal } = {}): EventStore {
  return createUpcastingEventStore(createSqliteEventStore({ file: path.join(config.dataDir, 'events.sqlite'), readonly, appendSignal }));
}

export function createEmbeddedKeyStore(config: AppConfig): KeyStore {
  return createSqliteKeyStore({ file: path.join(config.dataDir, 'keys.sqlite') });
}

export function createCipher(config: AppConfig, keyStore: KeyStore, clock: () => Date = () => new Date()): PersonalDataCipher {
  return new PersonalDataCipher(secretFromConfigOrFile(config.MASTER_KEY, config.dataDir, 'master.key'), keyStore, () => clock().getTime());
}
