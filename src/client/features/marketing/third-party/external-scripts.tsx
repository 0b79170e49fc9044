import { useEffect, useRef, type RefObject } from 'react';

/**
 * Adds one <script async> per URL while the calling page is shown and removes them when it is left
 * (docs/product.md, "Client routes"). Widgets are optional extras: a script that fails to load is logged as a warning, and
 * the page carries on. With no URLs (the default) nothing is added and nothing is requested.
 */
export function useExternalScripts(urls: readonly string[], target?: RefObject<HTMLElement | null>): void {
  // a joined string keeps the effect from re-running for an equal array built on each render
  const key = urls.join('\n');
  useEffect(() => {
    if (!key) return;
    const parent = target?.current ?? document.head;
    const scripts = key.split('\n').map((src) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.thirdParty = '';
      script.addEventListener('error', () => console.warn(`third-party script failed to load: ${src}`));
      parent.appendChild(script);
      return script;
    });
    return () => scripts.forEach((script) => script.remove());
  }, [key, target]);
}

/**
 * Where an embedded widget renders: its script is placed inside, so widgets that draw next to
 * their own tag land here. Renders nothing when no URL is configured; otherwise reserves a height
 * so the arriving widget does not push the page around.
 */
export function WidgetSlot({ url, label, className = '' }: { url: string | null; label: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useExternalScripts(url ? [url] : [], ref);
  if (!url) return null;
  return <div ref={ref} role="region" aria-label={label} className={`min-h-32 ${className}`} data-testid="widget-slot" />;
}

/** The session- and page-analytics tags, only on the marketing pages that render this. */
export function AnalyticsTags({ urls }: { urls: readonly string[] }) {
  useExternalScripts(urls);
  return null;
}
