import { Link } from '@client/lib/router';
import type { Crumb } from '@shared/prerender';
import { useStructuredTexts } from '@client/lib/page-title';

const linkClasses = 'text-brand-700 underline underline-offset-4 hover:text-brand-600 dark:text-gold-300';

/**
 * A page's trail (links without language prefix: the router keeps the language), the current page
 * last and unlinked. The same trail becomes the page's BreadcrumbList for search engines.
 */
export function Breadcrumb({ label, trail, current }: { label: string; trail: Crumb[]; current: Crumb }) {
  useStructuredTexts({ breadcrumb: [...trail, current] });
  return (
    <nav aria-label={label}>
      <ol className="flex flex-wrap items-center gap-2 text-sm text-muted">
        {trail.map((crumb, index) => (
          <li key={crumb.path} className="flex items-center gap-2">
            {index > 0 && <span aria-hidden>/</span>}
            <Link to={crumb.path} className={linkClasses}>
              {crumb.name}
            </Link>
          </li>
        ))}
        <li aria-current="page" className="flex items-center gap-2">
          <span aria-hidden>/</span>
          {current.name}
        </li>
      </ol>
    </nav>
  );
}
