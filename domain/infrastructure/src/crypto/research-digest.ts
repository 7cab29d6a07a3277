import { createHmac } from 'node:crypto';
import type { KeyedDigest } from '@nightlight/domain/research/research-identity';
import type { AppConfig } from '../config/app-config';
import { secretFromConfigOrFile } from './secret-files';

/**
 * HMAC-SHA256 with the research secret (RESEARCH_SECRET, or research.key in DATA_DIR): the one
 * definition both the research replay and account deletion derive pseudonyms and date shifts from.
 */
export function researchDigest(config: Pick<AppConfig, 'RESEARCH_SECRET' | 'dataDir'>): KeyedDigest {
  const secret = secretFromConfigOrFile(config.RESEARCH_SECRET, config.dataDir, 'research.key');
  return (message) => createHmac('sha256', secret).update(message).digest('hex');
}
