import { useTranslation } from '@client/lib/i18n';
import { usePrice } from '@client/lib/price';
import { cardClasses } from '../components/section';

/** docs/product.md, "Client routes"'s banner sizes; each preview keeps the real proportions at a size that fits a phone. */
const banners = [
  { key: 'leaderboard', width: 728, height: 90, preview: 'w-full max-w-[728px]' },
  { key: 'rectangle', width: 300, height: 250, preview: 'w-full max-w-[300px]' },
  { key: 'skyscraper', width: 160, height: 600, preview: 'w-[120px]' },
  { key: 'social', width: 1080, height: 1080, preview: 'w-full max-w-[260px]' },
] as const;

function BannerPreview({ width, height, className }: { width: number; height: number; className: string }) {
  const { t } = useTranslation('jv');
  const { price } = usePrice();
  const wide = width / height > 3;
  return (
    <div
      className={`flex items-center justify-center overflow-hidden rounded-lg bg-linear-to-br from-brand-700 to-brand-900 p-3 text-white ${wide ? 'gap-3' : 'flex-col gap-2 text-center'} ${className}`}
      style={{ aspectRatio: `${width} / ${height}` }}
      aria-hidden
    >
      <span className="font-extrabold tracking-tight text-gold-300">Frontera</span>
      <span className={`font-semibold ${wide ? 'text-xs sm:text-sm' : 'text-sm'}`}>{t('partner.banners.tagline', { price })}</span>
    </div>
  );
}

export function Banners() {
  const { t } = useTranslation('jv');
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {banners.map(({ key, width, height, preview }) => (
        <li key={key} className={`${cardClasses} flex flex-col gap-4 ${key === 'leaderboard' ? 'md:col-span-2' : ''}`}>
          <div className="flex flex-1 items-center justify-center rounded-xl bg-surface-muted p-4">
            <BannerPreview width={width} height={height} className={preview} />
          </div>
          <p className="flex items-baseline justify-between gap-3">
            <span className="font-semibold">{t(`partner.banners.sizes.${key}`)}</span>
            <span className="text-sm text-muted tabular-nums">
              {width}x{height}
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}
