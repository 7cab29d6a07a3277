import type { TokenService } from '@nightlight/infrastructure/auth/token-service';
import type { AppConfig } from '@nightlight/infrastructure/config/app-config';
import type { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import type { EventStore } from '@nightlight/infrastructure/ports/event-store';
import type { JobQueue } from '@nightlight/infrastructure/ports/job-queue';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';
import type { SessionStore } from '@nightlight/infrastructure/ports/session-store';

/** Everything the write side needs, passed in by the composition root. */
export interface CommandDeps {
  config: AppConfig;
  eventStore: EventStore;
  /** Read only for the entries logged before overlaps were decided on streams (commands/entry-slots.ts). */
  readStore: ReadStore;
  jobs: JobQueue;
  cipher: PersonalDataCipher;
  tokens: TokenService;
  sessions: SessionStore;
  clock: () => Date;
  newId: () => string;
}
