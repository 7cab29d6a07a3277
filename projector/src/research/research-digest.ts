import { createHmac } from 'node:crypto';
import type { KeyedDigest } from '@nightlight/domain/research/research-identity';
import type { AppConfig } from '@nightlight/infrastructure/config/app-config';
import { secretFromConfigOrFile } from '@nightlight/infrastructure/crypto/secret-files';

/**
 * HMAC-SHA256 with the research secret (RESEARCH_SECRET, or research.key in DATA_DIR). Account
 * deletion derives the same shift with the same secret, so both must read it from the same place.
 */
export function researchDigest(config: Pick<AppConfig, 'RESEARCH_SECRET' | 'dataDir'>): KeyedDigest {
  const secret = secretFromConfigOrFile(config.RESEARCH_SECRET, config.dataDir, 'research.key');
  return (message) => createHmac('sha256', secret).update(message).digest('hex');
}
