import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form resolver whose code (zod, the schema and its adapter: about 25 KB gzip) is fetched when
 * the form first validates, or earlier through `preload` (the public forms call it when a field
 * first takes focus), instead of with the page. A failed fetch is tried again next time.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
) {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) =>
    (await get())(values, context, options);
  return {
    resolver,
    preload: () => {
      get().catch(() => {});
    },
  };
}
