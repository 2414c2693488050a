/**
 * A zod schema built on first use. Building one costs zod a trait set-up per node; on a cold page the
 * config and contact schemas cost ~25 ms of main thread at module evaluation, on the way to first paint.
 */
import type * as z from 'zod/mini';

export interface LazySchema<S extends z.ZodMiniType> {
  readonly schema: () => S;
  safeParse(input: unknown): ReturnType<S["safeParse"]>;
  parse(input: unknown): z.infer<S>;
}

export function lazySchema<S extends z.ZodMiniType>(build: () => S): LazySchema<S> {
  let built: S | undefined;
  const schema = () => (built ??= build());
  return {
    schema,
    safeParse: (input) => schema().safeParse(input) as ReturnType<S["safeParse"]>,
    parse: (input) => schema().parse(input) as z.infer<S>,
  };
}
