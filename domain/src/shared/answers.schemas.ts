import { z } from 'zod';
import type { ErrorAnswer, Issue, OkAnswer } from './answers';
import { named, viewSchema, written } from './view-schema';

const codeSchema = z.string().describe('The message\'s stable code, the same in every language (docs/api.md, *Error codes*): match on it, not on the words.');

export const issueSchema = viewSchema<Issue>()(z.strictObject({ path: z.string(), message: z.string(), code: codeSchema }));

export const errorAnswerSchema = viewSchema<ErrorAnswer>()(
  named(
    z.strictObject({ message: z.string(), code: codeSchema, issues: z.array(issueSchema).optional() }),
    'Error',
    "A refusal or failure: `message` is meant for the user, in their language (a 400's is its first issue's), `code` is the same in every language; a 5xx never carries a stack.",
  ),
);

export const okAnswerSchema = viewSchema<OkAnswer>()(named(z.strictObject({ ok: z.literal(true) }), 'Ok'));

/** `{ok: true, position}`: a deletion or an action that writes. */
export const writtenOkSchema = written(okAnswerSchema);
