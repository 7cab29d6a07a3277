import { createCipheriv, createDecipheriv, createHmac, hkdfSync } from 'node:crypto';
import { researchSecret, type ResearchSecretConfig } from './research-digest';

// The version of the lines is in the prefix and the sealed data: a cursor of an export in another
// format resumes nothing (research-export.ts tells the researcher to start again).
const PREFIX = 'rc2.';
const AAD = Buffer.from('nightlight research cursor v2');

/**
 * The resume cursor of a research export: the log position the export reached, sealed (AES-256-GCM)
 * under a key derived from the research secret. A researcher can hand it back but neither read the
 * position, which would anchor the export in the log's real time, nor make one up.
 */
export interface ResearchCursorCodec {
  encode(position: number): string;
  /** The position, or null for anything this server did not issue under its current research secret. */
  decode(token: string): number | null;
}

export function researchCursorCodec(config: ResearchSecretConfig): ResearchCursorCodec {
  const secret = researchSecret(config);
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'nightlight research cursor', 32));
  const ivKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'nightlight research cursor iv', 32));

  return {
    encode(position) {
      const plain = Buffer.alloc(8);
      plain.writeBigUInt64BE(BigInt(position));
      // A synthetic IV (keyed digest of the position): the same position gives the same cursor, so
      // two exports of the same log are the same bytes, and no IV is ever used for two positions.
      const iv = createHmac('sha256', ivKey).update(plain).digest().subarray(0, 12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(AAD);
      const sealed = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
      return `${PREFIX}${sealed.toString('base64url')}`;
    },
    decode(token) {
      if (!token.startsWith(PREFIX)) return null;
      const sealed = Buffer.from(token.slice(PREFIX.length), 'base64url');
      if (sealed.length !== 12 + 8 + 16) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12)).setAAD(AAD);
        decipher.setAuthTag(sealed.subarray(20));
        const plain = Buffer.concat([decipher.update(sealed.subarray(12, 20)), decipher.final()]);
        return Number(plain.readBigUInt64BE());
      } catch {
        return null;
      }
    },
  };
}
