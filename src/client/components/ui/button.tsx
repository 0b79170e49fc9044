import type { ComponentProps } from 'react';
import { buttonClasses, type Size, type Variant } from './button-classes';
import { Spinner } from './page-spinner';

export { buttonClasses } from './button-classes';
export { Spinner } from './page-spinner';

/** React 19: `ref` is an ordinary prop, passed through to the <button>. */
interface ButtonProps extends ComponentProps<'button'> {
  variant?: Variant;
  size?: Size;
  busy?: boolean;
}

/**
 * A busy button stays focusable (aria-disabled, not disabled, which would drop the keyboard's focus
 * to <body>) and ignores clicks, Enter and Space until the work is done: no double submit.
 */
export function Button({ variant, size, busy, className = '', disabled, children, type = 'button', onClick, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, `aria-busy:cursor-wait aria-busy:opacity-50 ${className}`)}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {busy && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
