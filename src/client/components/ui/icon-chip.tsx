import type { LucideIcon } from 'lucide-react';

const tones = {
  brand: 'bg-brand-50 text-brand-700 dark:bg-brand-800 dark:text-gold-300',
  gold: 'bg-gold-300/40 text-gold-700 dark:bg-gold-400/15 dark:text-gold-300',
};
/** the square, then the icon in it */
const sizes = {
  sm: ['size-8 rounded-lg', 'size-4'],
  md: ['size-10 rounded-xl', 'size-5'],
  lg: ['size-11 rounded-xl', 'size-5'],
} as const;

/** An icon on a tinted rounded square: the marker of a benefit, an action or a package item. Decorative. */
export function IconChip({ icon: Icon, tone = 'brand', size = 'lg' }: { icon: LucideIcon; tone?: keyof typeof tones; size?: keyof typeof sizes }) {
  const [square, icon] = sizes[size];
  return (
    <span className={`inline-flex shrink-0 items-center justify-center ${square} ${tones[tone]}`}>
      <Icon className={icon} aria-hidden />
    </span>
  );
}
