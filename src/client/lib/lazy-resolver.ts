import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form's zod resolver that loads its schema, zod and the resolver when the form is first
 * focused (`preload`, for `onFocusCapture`) or validated, not with the page. zod builds every
 * schema of a module as the module is evaluated (for sign-up, with the common-password list): on
 * a phone that was 100+ ms of main thread before a form page answered a tap. The server checks the
 * same schema, as before. A failed load (offline) is tried again at the next validation.
 */
export function lazyZodResolver<Input extends FieldValues, Output = Input>(load: () => Promise<z.ZodType<Output, Input>>) {
  let ready: Promise<Resolver<Input, unknown, Output>> | undefined;
  const preload = () =>
    (ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Resolver<Input, unknown, Output>,
      (error: unknown) => {
        ready = undefined;
        throw error;
      },
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => (await preload())(values, context, options);
  // preload never rejects: a focus handler has no one to report to; validation reports the failure
  return {
    resolver,
    preload: (): Promise<void> =>
      preload().then(
        () => undefined,
        () => undefined,
      ),
  };
}
