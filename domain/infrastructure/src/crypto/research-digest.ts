import { createHmac } from 'node:crypto';
import type { KeyedDigest } from '@nightlight/domain/research/research-identity';
import type { AppConfig } from '../config/app-config';
import { secretFromConfigOrFile } from './secret-files';

export type ResearchSecretConfig = Pick<AppConfig, 'RESEARCH_SECRET' | 'dataDir'>;

/** The research secret: RESEARCH_SECRET, or research.key in DATA_DIR. Every research key derives from it. */
export function researchSecret(config: ResearchSecretConfig): Buffer {
  return secretFromConfigOrFile(config.RESEARCH_SECRET, config.dataDir, 'research.key');
}

/**
 * HMAC-SHA256 with the research secret: the one definition both the research replay and account
 * deletion derive pseudonyms, date shifts and research birthdays from.
 */
export function researchDigest(config: ResearchSecretConfig): KeyedDigest {
  const secret = researchSecret(config);
  return (message) => createHmac('sha256', secret).update(message).digest('hex');
}
