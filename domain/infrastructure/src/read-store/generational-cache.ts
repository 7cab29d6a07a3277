/**
 * A cache of at most `capacity` entries that keeps what is used: entries live in a young and an
 * old generation of up to half the capacity each; a read of an old entry moves it to the young one,
 * and when the young one is full the old one is dropped and the young one takes its place. Unlike
 * a strict least-recently-used list, a hit on a young entry costs one lookup and no reordering.
 */
export class GenerationalCache<V> {
  private young = new Map<string, V>();
  private old = new Map<string, V>();
  private readonly half: number;

  constructor(capacity: number) {
    this.half = Math.max(1, Math.floor(capacity / 2));
  }

  get(key: string): V | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const kept = this.old.get(key);
    if (kept !== undefined) this.set(key, kept);
    return kept;
  }

  set(key: string, value: V): void {
    this.old.delete(key);
    this.young.set(key, value);
    if (this.young.size >= this.half) {
      this.old = this.young;
      this.young = new Map();
    }
  }

  delete(key: string): void {
    this.young.delete(key);
    this.old.delete(key);
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
  }

  get size(): number {
    return this.young.size + this.old.size;
  }
}
