/**
 * Work taken one at a time per key, in the order asked, within this process: what one key's work
 * reads and decides is never overtaken by another of the same key meanwhile. Keys with nothing
 * queued hold nothing.
 */
export class OneAtATime {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key);
    const result = before ? before.then(work, work) : work();
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    // The last in line clears the key once done.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
