/*
 * The look of a button, for <Button> and for links styled as buttons. Its own module: the header,
 * the home page and the error screen style links with it without loading <Button> itself.
 */
export type Variant = 'primary' | 'accent' | 'outline' | 'ghost' | 'danger';
export type Size = 'sm' | 'md' | 'lg';

const variants: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-600 dark:bg-brand-500 dark:hover:bg-brand-600',
  accent: 'bg-gold-400 text-brand-900 hover:bg-gold-300',
  outline: 'border border-line bg-surface text-fg hover:bg-surface-muted',
  ghost: 'text-fg hover:bg-surface-muted',
  danger: 'bg-red-700 text-white hover:bg-red-600',
};
const sizes: Record<Size, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** Shared by <Button> and links styled as buttons. */
export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', extra = ''): string {
  return `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${variants[variant]} ${sizes[size]} ${extra}`;
}
