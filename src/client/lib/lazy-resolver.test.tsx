import { renderHook, act } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-resolver';

const ZEntry = z.object({ email: z.email('auth.invalidEmail'), age: z.coerce.number().int().min(18, 'tooYoung') });

describe('lazyZodResolver', () => {
  it('loads nothing until the form is focused or validated, then loads the schema once', async () => {
    const load = vi.fn(async () => ZEntry);
    const { resolver, preload } = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();
    preload();
    preload();
    const options = { fields: {}, shouldUseNativeValidation: false } as const;
    await resolver({ email: 'a@example.com', age: '20' } as never, undefined, options);
    await resolver({ email: 'b@example.com', age: '30' } as never, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('gives the same errors and parsed values as the schema, through react-hook-form', async () => {
    const { resolver } = lazyZodResolver<{ email: string; age: string }, z.output<typeof ZEntry>>(async () => ZEntry as never);
    const submitted = vi.fn();
    const { result } = renderHook(() => {
      const form = useForm({ resolver, defaultValues: { email: 'not-an-email', age: '12' } });
      return { ...form, errors: form.formState.errors }; // read while rendering: react-hook-form re-renders for what is read
    });
    await act(() => result.current.handleSubmit(submitted)());
    expect(submitted).not.toHaveBeenCalled();
    expect(result.current.errors.email?.message).toBe('auth.invalidEmail');
    expect(result.current.errors.age?.message).toBe('tooYoung');

    act(() => {
      result.current.setValue('email', 'ana@example.com');
      result.current.setValue('age', '42');
    });
    await act(() => result.current.handleSubmit(submitted)());
    // the schema's output (age coerced to a number) is what the submit handler gets
    expect(submitted.mock.calls[0]![0]).toEqual({ email: 'ana@example.com', age: 42 });
  });

  it('tries the load again after it failed (a chunk that did not arrive)', async () => {
    const load = vi.fn<() => Promise<typeof ZEntry>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(ZEntry);
    const { resolver, preload } = lazyZodResolver(load);
    await preload(); // a failed preload is not an unhandled rejection
    const options = { fields: {}, shouldUseNativeValidation: false } as const;
    await expect(resolver({ email: 'a@example.com', age: '20' } as never, undefined, options)).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
