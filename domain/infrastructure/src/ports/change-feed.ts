/**
 * The change feed port: the projector tells the query processes which children's read models
 * changed, and up to which log position, so open live streams can tell their families. In process
 * in the embedded default; Redis pub/sub in the full stack, where several query-api processes listen.
 * A message is a hint to read again, never data: a lost one delays a screen, it loses nothing.
 */
export interface ChildChange {
  position: number;
  childIds: readonly string[];
}

export interface ChangeFeed {
  publish(change: ChildChange): Promise<void>;
  /** Returns the function that stops listening. */
  subscribe(listener: (change: ChildChange) => void): () => void;
  close(): Promise<void>;
}
