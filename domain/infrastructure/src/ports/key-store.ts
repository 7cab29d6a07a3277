/**
 * The key store port: one data key per user, stored wrapped by the master key. Destroying a key is
 * crypto-shredding: every field encrypted with it becomes unreadable, in every copy of the events.
 */
export interface KeyStore {
  /**
   * Returns the wrapped key, creating one if the owner has none. Throws DataKeyDestroyedError once
   * the owner's key was destroyed: a write still in flight when the account was deleted must not
   * create a new key that nothing would ever destroy.
   */
  getOrCreateWrappedKey(ownerId: string, create: () => Buffer): Promise<Buffer>;
  /** The wrapped key, or null when it never existed or was destroyed. */
  getWrappedKey(ownerId: string): Promise<Buffer | null>;
  /** Destroys the key and leaves a tombstone, so the owner never gets a key again. Idempotent. */
  destroyKey(ownerId: string): Promise<void>;
  close(): Promise<void>;
}

/** The owner's key was destroyed (the account was deleted): nothing can be sealed for them again. */
export class DataKeyDestroyedError extends Error {
  constructor(readonly ownerId: string) {
    super('The data key of this account was destroyed');
    this.name = 'DataKeyDestroyedError';
  }
}
