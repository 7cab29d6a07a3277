import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { named, viewSchema, written } from './view-schema';

interface View {
  id: string;
  amount: number | null;
  note?: string;
}

describe('viewSchema', () => {
  it('takes a schema that describes exactly the view, and refuses one that drifted from it (checked by the type check)', () => {
    const exact = viewSchema<View>()(z.strictObject({ id: z.string(), amount: z.number().nullable(), note: z.string().optional() }));
    // @ts-expect-error a field of the view is missing
    viewSchema<View>()(z.strictObject({ id: z.string(), amount: z.number().nullable() }));
    // @ts-expect-error a field the view does not have
    viewSchema<View>()(z.strictObject({ id: z.string(), amount: z.number().nullable(), note: z.string().optional(), extra: z.string() }));
    // @ts-expect-error null is not said
    viewSchema<View>()(z.strictObject({ id: z.string(), amount: z.number(), note: z.string().optional() }));
    // @ts-expect-error an optional field made required
    viewSchema<View>()(z.strictObject({ id: z.string(), amount: z.number().nullable(), note: z.string() }));
    expect(exact.safeParse({ id: 'a', amount: null }).success).toBe(true);
    // Strict: an answer with a field the schema does not name does not match it.
    expect(exact.safeParse({ id: 'a', amount: null, ownerId: 'u' }).success).toBe(false);
  });

  it("gives a write's answer its position, named after the view", () => {
    const view = named(z.strictObject({ id: z.string() }), 'ViewSchemaSample');
    const answer = written(view);
    expect(written(view)).toBe(answer);
    expect(z.globalRegistry.get(answer)?.id).toBe('WrittenViewSchemaSample');
    expect(answer.safeParse({ id: 'a', position: 3 }).success).toBe(true);
    expect(answer.safeParse({ id: 'a' }).success).toBe(false);
  });
});
