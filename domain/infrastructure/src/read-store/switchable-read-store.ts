import type { Collection, Doc, ReadStore } from '../ports/read-store';

export interface SwitchableReadStore extends ReadStore {
  /** From now on every call, through handles taken before too, goes to `next`; returns the store it replaced. */
  switchTo(next: ReadStore): ReadStore;
}

/**
 * A read store that can be swapped under its readers in one step: routes keep the collection
 * handles they took at start, and the rebuild job switches them all to the new version at once.
 */
export function createSwitchableReadStore(initial: ReadStore): SwitchableReadStore {
  let current = initial;
  const handles = new Map<string, Collection>();
  const handle = (name: string): Collection => ({
    find: (filter, options) => current.collection(name).find(filter, options),
    findOne: (filter, options) => current.collection(name).findOne(filter, options),
    countDocuments: (filter) => current.collection(name).countDocuments(filter),
    insertOne: (document) => current.collection(name).insertOne(document),
    updateOne: (filter, update, options) => current.collection(name).updateOne(filter, update, options),
    replaceOne: (filter, replacement, options) => current.collection(name).replaceOne(filter, replacement, options),
    deleteOne: (filter) => current.collection(name).deleteOne(filter),
    deleteMany: (filter) => current.collection(name).deleteMany(filter),
    bulkWrite: (operations) => current.collection(name).bulkWrite(operations),
    createIndex: (keys, options) => current.collection(name).createIndex(keys, options),
    // Another version's collection has a mark of its own: a switch is a change.
    writeMark: () => current.collection(name).writeMark?.(),
  });
  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let found = handles.get(name);
      if (!found) handles.set(name, (found = handle(name)));
      return found as unknown as Collection<T>;
    },
    dropCollections: (matching) => current.dropCollections(matching),
    commit: () => current.commit(),
    close: () => current.close(),
    switchTo(next) {
      const previous = current;
      current = next;
      return previous;
    },
  };
}
