/**
 * The key store port: one data key per user, stored wrapped by the master key. Destroying a key is
 * crypto-shredding: every field encrypted with it becomes unreadable, in every copy of the events.
 */
export interface KeyStore {
  /** Returns the wrapped key, creating one if the owner has none. */
  getOrCreateWrappedKey(ownerId: string, create: () => Buffer): Promise<Buffer>;
  /** The wrapped key, or null when it never existed or was destroyed. */
  getWrappedKey(ownerId: string): Promise<Buffer | null>;
  destroyKey(ownerId: string): Promise<void>;
  close(): Promise<void>;
}
