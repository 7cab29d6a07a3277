/** One reason a request was refused: the field it is about ('' for the whole request) and what is wrong. */
export interface Issue {
  path: string;
  message: string;
}

/** Every refusal and failure: 400's `message` is its first issue's. */
export interface ErrorAnswer {
  message: string;
  issues?: Issue[];
}

/** A deletion, a discarded timer, an alert action: nothing to show but that it was done. */
export interface OkAnswer {
  ok: true;
}

/** Every write answers with the view it wrote and the global position of its last event (read-your-writes). */
export type Written<View> = View & { position: number };
