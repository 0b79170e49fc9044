import type { ComponentProps, ReactNode } from 'react';
import { TextField } from '@client/components/ui/field';

type Props = ComponentProps<'input'> & { label: string; error?: string; hint?: ReactNode };

/**
 * A second-factor code: six digits from the app (the phone's keyboard shows digits and may offer
 * the code itself), or a recovery code typed by hand, so letters stay possible.
 */
export function CodeField(props: Props) {
  return (
    <TextField
      inputMode="text"
      autoComplete="one-time-code"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      maxLength={24}
      className="font-mono tracking-widest"
      {...props}
    />
  );
}
