// Intersections and interfaces are flattened, so only the shape is compared, not how it was written.
export type Shape<T> = T extends object ? { [K in keyof T]: Shape<T[K]> } : T;

/** True when A and B describe exactly the same values: a missing, extra or differently optional field is false. */
export type SameShape<A, B> = (<T>() => T extends Shape<A> ? 1 : 2) extends <T>() => T extends Shape<B> ? 1 : 2 ? true : false;
