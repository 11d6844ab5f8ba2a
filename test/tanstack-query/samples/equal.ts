/** True when A and B are the same type (not merely assignable either way). */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`: `expectType<Equal<typeof x, string>>(true)`. */
export function expectType<T extends true>(value: T): T {
  return value;
}
