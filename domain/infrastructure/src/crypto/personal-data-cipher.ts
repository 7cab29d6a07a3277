import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { KeyStore } from '../ports/key-store';
import { randomBytesFromPool } from './random-pool';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
/** Opened data keys kept in memory; a replay of a large log touches many owners once each. */
const MAX_CACHED_KEYS = 10_000;
/**
 * How long an opened key is used before the key store is asked again. Every process keeps its own
 * cache, and only the process that destroys a key (or sees AccountDeleted) forgets it at once: this
 * bounds how long any other process can still open data of a deleted account.
 */
export const KEY_CACHE_TTL_MS = 60_000;

function encrypt(key: Buffer, plaintext: Buffer): string {
  const iv = randomBytesFromPool(12);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join('.');
}

function decrypt(key: Buffer, sealed: string): Buffer {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Not a sealed value');
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]);
}

/** The key store's name for the key every member of a child's family reads its data with. */
const childKeyId = (childId: string): string => `child-${childId}`;

/**
 * Seals personal data with a per-owner data key (AES-256-GCM), each data key wrapped by the master
 * key. Destroying an owner's key (crypto-shredding) makes everything sealed with it unreadable.
 * A user's own data (e-mail, password hash, display name) is sealed with the user's key; a child's
 * (name, birth date, notes, sleep-sack tags) with the child's, so every member can read it and
 * deleting the child, or its last parent's account, shreds it.
 */
export class PersonalDataCipher {
  private readonly wrappingKey: Buffer;
  private readonly lookupKey: Buffer;
  private readonly keys = new Map<string, { key: Buffer; until: number }>();
  /** A wrapped key and a value sealed with it that belong to nobody: see openDecoy. */
  private readonly decoy: { wrapped: string; sealed: string };

  constructor(
    masterKey: Buffer,
    private readonly keyStore: KeyStore,
    private readonly now: () => number = Date.now,
  ) {
    // Separate keys for separate purposes, all derived from the one configured master key.
    this.wrappingKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'nightlight key wrapping', 32));
    this.lookupKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'nightlight e-mail lookup', 32));
    const decoyKey = randomBytes(32);
    // As long as a sealed scrypt hash: `scrypt$16384$8$1$`, 24 characters of salt, `$`, 88 of hash.
    this.decoy = { wrapped: encrypt(this.wrappingKey, decoyKey), sealed: encrypt(decoyKey, randomBytes(130)) };
  }

  /** Keyed digest of a lower-cased e-mail: finds an account without storing the address. */
  emailDigest(email: string): string {
    return createHmac('sha256', this.lookupKey).update(email.trim().toLowerCase()).digest('hex');
  }

  /** Keyed digest of an invitation code: names the invitation in the log without the code anyone could use. */
  invitationDigest(code: string): string {
    return createHmac('sha256', this.lookupKey).update(`invitation:${code}`).digest('hex');
  }

  /**
   * A digest of text keyed by the owner's data key: two texts can be compared without storing
   * either, and once the key is destroyed the digest says nothing about what was sent.
   */
  async digest(ownerId: string, text: string): Promise<string> {
    const key = await this.dataKey(ownerId, true);
    return createHmac('sha256', key!).update(text).digest('base64url');
  }

  /** Throws DataKeyDestroyedError when the owner's key was destroyed: their account is deleted. */
  async seal(ownerId: string, plaintext: string): Promise<string> {
    const key = await this.dataKey(ownerId, true);
    return encrypt(key!, Buffer.from(plaintext, 'utf8'));
  }

  /**
   * The plaintext, or null once the owner's key has been destroyed. `fromKeyStore` skips the cache,
   * so the work done does not depend on whether the key was used lately (sign-in, see openDecoy).
   */
  async open(ownerId: string, sealed: string, { fromKeyStore = false }: { fromKeyStore?: boolean } = {}): Promise<string | null> {
    if (fromKeyStore) this.keys.delete(ownerId);
    const key = await this.dataKey(ownerId, false);
    if (!key) return null;
    return decrypt(key, sealed).toString('utf8');
  }

  /**
   * The work of `open(ownerId, sealedPasswordHash, { fromKeyStore: true })` for nobody: a key-store
   * read, unwrapping a key and opening a value of a sealed hash's length. Sign-in does it for an
   * unknown address, so its answer takes as long as for a known one. Always null.
   */
  async openDecoy(): Promise<null> {
    await this.keyStore.getWrappedKey(`decoy-${randomBytes(16).toString('hex')}`);
    decrypt(decrypt(this.wrappingKey, this.decoy.wrapped), this.decoy.sealed);
    return null;
  }

  async sealForChild(childId: string, plaintext: string): Promise<string> {
    return this.seal(childKeyId(childId), plaintext);
  }

  /**
   * Seals as sealForChild does, the child's key looked up once for many texts (an import seals
   * the notes of hundreds of thousands of rows).
   */
  async childSealer(childId: string): Promise<(plaintext: string) => string> {
    const key = await this.dataKey(childKeyId(childId), true);
    return (plaintext) => encrypt(key!, Buffer.from(plaintext, 'utf8'));
  }

  /**
   * A child's data, or null once its key is destroyed. Data written before children had keys was
   * sealed with the key of the user who wrote it (`writerId`), and opens with that key as long as
   * it exists: AES-GCM refuses a value sealed with another key, so the wrong key is never taken.
   */
  async openForChild(childId: string, writerId: string, sealed: string): Promise<string | null> {
    const childKey = await this.dataKey(childKeyId(childId), false);
    if (childKey) {
      try {
        return decrypt(childKey, sealed).toString('utf8');
      } catch {
        // Sealed before the child had a key of its own.
      }
    }
    try {
      return await this.open(writerId, sealed);
    } catch {
      // Sealed with the child's key, which is gone.
      return null;
    }
  }

  /** Whether `sealed` is sealed with the child's own key (not with a writer's, from before children had keys). */
  async isSealedForChild(childId: string, sealed: string): Promise<boolean> {
    const childKey = await this.dataKey(childKeyId(childId), false);
    if (!childKey) return false;
    try {
      decrypt(childKey, sealed);
      return true;
    } catch {
      return false;
    }
  }

  async shredChild(childId: string): Promise<void> {
    await this.shred(childKeyId(childId));
  }

  async shred(ownerId: string): Promise<void> {
    this.keys.delete(ownerId);
    await this.keyStore.destroyKey(ownerId);
  }

  /** The child was deleted or anonymised, maybe by another process: forget its cached key. */
  forgetChild(childId: string): void {
    this.keys.delete(childKeyId(childId));
  }

  /** Another process shredded this owner's key: forget the cached copy. */
  forget(ownerId: string): void {
    this.keys.delete(ownerId);
  }

  private async dataKey(ownerId: string, create: boolean): Promise<Buffer | null> {
    const cached = this.keys.get(ownerId);
    if (cached && cached.until > this.now()) return cached.key;
    this.keys.delete(ownerId);
    const wrapped = create
      ? await this.keyStore.getOrCreateWrappedKey(ownerId, () => Buffer.from(encrypt(this.wrappingKey, randomBytes(32)), 'utf8'))
      : await this.keyStore.getWrappedKey(ownerId);
    if (!wrapped) return null;
    const key = decrypt(this.wrappingKey, wrapped.toString('utf8'));
    if (this.keys.size >= MAX_CACHED_KEYS) this.keys.delete(this.keys.keys().next().value!);
    this.keys.set(ownerId, { key, until: this.now() + KEY_CACHE_TTL_MS });
    return key;
  }
}
