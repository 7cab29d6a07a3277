import { z } from 'zod';
import type { SameShape } from './same-shape';

/**
 * A schema of an API answer proven at compile time to describe exactly its TypeScript view (a
 * missing, extra or differently optional field does not compile), so the view and the API
 * description cannot drift. Objects are strict: an answer with a field the schema does not name
 * does not match it.
 */
export function viewSchema<View>() {
  return <Schema extends z.ZodType>(schema: Schema & (SameShape<z.output<Schema>, View> extends true ? unknown : { 'the schema does not match the view': never })): Schema => schema;
}

/** A name the API description gives a schema: its component under #/components/schemas. */
export const named = <Schema extends z.ZodType>(schema: Schema, id: string, description?: string): Schema => schema.meta({ id, ...(description ? { description } : {}) });

const position = z.number().int().min(0).describe("The global position of the write's last event: send it as X-Min-Position to read what it wrote.");
const writtenSchemas = new WeakMap<z.ZodType, z.ZodType>();

/** A view as a write answers with it: with `position`; named Written{Name} after the view's name. */
export function written<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape, z.core.$strict>) {
  let answer = writtenSchemas.get(schema) as ReturnType<typeof extend<Shape>> | undefined;
  if (!answer) {
    answer = extend(schema);
    const id = z.globalRegistry.get(schema)?.id;
    if (id) answer = named(answer, `Written${id}`);
    writtenSchemas.set(schema, answer);
  }
  return answer;
}

const extend = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape, z.core.$strict>) => schema.extend({ position });
