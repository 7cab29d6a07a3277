import type { TokenService } from '@nightlight/infrastructure/auth/token-service';
import type { AppConfig } from '@nightlight/infrastructure/config/app-config';
import type { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import type { ChangeFeed } from '@nightlight/infrastructure/ports/change-feed';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';
import type { SessionStore } from '@nightlight/infrastructure/ports/session-store';

/** How far the read models have got; read-your-writes waits on it. */
export interface ProjectionProgress {
  /** Resolves true once every projector has passed `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
  /**
   * Position the read models have reached, whether they have caught up with the log, and how far a
   * rebuild job building a new version beside them has got.
   */
  status(): Promise<{ position: number; head: number; ready: boolean; rebuild?: RebuildStatus }>;
}

/** A rebuild job building a new version of the embedded read models beside the one that answers, as /readyz shows it. */
export interface RebuildStatus {
  version: string;
  position: number;
  head: number;
  percent: number;
  eventsPerSecond: number;
}

export interface QueryDeps {
  config: AppConfig;
  readStore: ReadStore;
  /** Opens the sealed notes of the entries a parent reads. */
  cipher: PersonalDataCipher;
  tokens: TokenService;
  sessions: SessionStore;
  progress: ProjectionProgress;
  /** Which children's read models changed: live updates. */
  changeFeed: ChangeFeed;
  clock: () => Date;
}
