const tones = {
  light: { section: 'border-b border-line', inner: 'py-12', list: 'text-center', label: 'text-muted', value: 'text-brand-700 dark:text-gold-300' },
  dark: { section: 'bg-brand-800 text-white dark:bg-brand-900', inner: 'py-14', list: '', label: 'text-brand-100', value: 'text-gold-300' },
};

/**
 * A band of key figures (value over label) with a heading for screen readers only: /v2's facts of
 * the offer on brand blue, the sales page's numbers on the page background. Not on the home page,
 * so it stays out of content-section (the home's first load).
 */
export function StatsBand({ title, stats, tone }: { title: string; stats: { value: string; label: string }[]; tone: keyof typeof tones }) {
  const classes = tones[tone];
  return (
    <section aria-labelledby="stats-title" className={classes.section}>
      <div className={`mx-auto max-w-6xl px-4 ${classes.inner}`}>
        <h2 id="stats-title" className="sr-only">
          {title}
        </h2>
        {/* as many columns of at least 8.5rem as fit, up to four: two on a phone, one at large text */}
        <dl className={`grid grid-cols-[repeat(auto-fit,minmax(min(100%,8.5rem),1fr))] gap-8 lg:grid-cols-4 ${classes.list}`.trim()}>
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1">
              <dt className={`text-sm ${classes.label}`}>{stat.label}</dt>
              <dd className={`text-3xl font-extrabold tracking-tight sm:text-4xl ${classes.value}`}>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
