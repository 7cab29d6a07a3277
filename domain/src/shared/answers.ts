/** One reason a request was refused: the field it is about ('' for the whole request), what is wrong, and its stable code. */
export interface Issue {
  path: string;
  message: string;
  code: string;
}

/**
 * Every refusal and failure: `message` in the reader's language (400's is its first issue's), and
 * `code`, the same in every language, for clients to tell refusals apart by.
 */
export interface ErrorAnswer {
  message: string;
  code: string;
  issues?: Issue[];
}

/** A deletion, a discarded timer, an alert action: nothing to show but that it was done. */
export interface OkAnswer {
  ok: true;
}

/** Every write answers with the view it wrote and the global position of its last event (read-your-writes). */
export type Written<View> = View & { position: number };
