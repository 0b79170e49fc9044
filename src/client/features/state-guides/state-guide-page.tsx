import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@client/lib/router';
import { useTranslation, type TFunction } from '@client/lib/i18n';
import { hasUnknownCost, stateCosts, yearlyCostCents, type StateCosts } from '@shared/compliance';
import type { UsStateCode } from '@shared/geo';
import { comparedStates, stateGuideFacts, type BusinessDays, type StateGuideFacts } from '@shared/state-guide-facts';
import { stateGuidePath } from '@shared/state-guides';
import { Breadcrumb } from '@client/components/breadcrumb';
import { buttonClasses } from '@client/components/ui/button';
import { useComplianceCopy } from '@client/lib/compliance-copy';
import { usePageTitle } from '@client/lib/page-title';
import { anonymous, DatasetCredit, filingFee, incomeTax, linkClasses, SourceLink, YearlyCell, type Copy } from '@client/components/state-cost-parts';
import { paths } from '@shared/client-paths';

type T = TFunction<'stateGuides'>;

/** The wizard with the state chosen (it reads `?state=`). */
const orderPath = (state: UsStateCode) => paths.order({ state });

function StartButton({ state, name, t }: { state: UsStateCode; name: string; t: T }) {
  return (
    <Link to={orderPath(state)} className={buttonClasses('primary', 'lg')} data-testid="state-guide-start">
      {t('start', { state: name })}
      <ArrowRight className="size-4" aria-hidden />
    </Link>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}

/** The state's own words, in English: labelled so, and marked for screen readers. */
function StateWording({ text, t }: { text: string; t: T }) {
  return (
    <p className="text-sm text-muted">
      {t('report.wording')} <q lang="en">{text}</q>
    </p>
  );
}

/** "Source · Checked on Jul 17, 2026" under a fact. */
function Checked({ href, label, date, name, copy, t }: { href: string | null; label: ReactNode; date: string | null; name: string; copy: Copy; t: T }) {
  return (
    <p className="text-sm text-muted">
      {href && <SourceLink href={href} label={label} state={name} copy={copy} />}
      {href && date && ' · '}
      {date && t('checked', { date: copy.format.longDay(date) })}
    </p>
  );
}

/** The yearly fees from year two in a few words (the full list is in the Fees section). */
function yearlyShort(costs: StateCosts, copy: Copy, t: T): string {
  if (costs.recurring.length === 0) return copy.t('page.noYearly');
  const yearly = yearlyCostCents(costs);
  if (yearly.cents === 0) {
    return hasUnknownCost(costs) ? copy.t('page.notInData') : t('compare.depends');
  }
  return copy.t(yearly.atLeast ? 'page.perYearAtLeast' : 'page.perYear', { amount: copy.format.usd(yearly.cents) });
}

function days(range: BusinessDays, t: T): string {
  if (range.max === 0) return t('processing.sameDay');
  if (range.min === 0) return t('processing.upTo', { count: range.max });
  if (range.min === range.max) return t('processing.exactly', { count: range.max });
  return t('processing.range', { min: range.min, max: range.max });
}

function processingShort(facts: StateGuideFacts, copy: Copy, t: T): string {
  const p = facts.processing;
  if (!p) return copy.t('page.notInData');
  return [p.online && t('processing.online', { days: days(p.online, t) }), p.mail && t('processing.mail', { days: days(p.mail, t) })]
    .filter(Boolean)
    .join('; ');
}

function reportShort(facts: StateGuideFacts, copy: Copy): string {
  const report = facts.annualReport;
  if (facts.costs.noAnnualReport) return copy.t('page.noAnnualReport');
  if (!report || report.rule.kind === 'unknown') return copy.t('page.notInData');
  return `${copy.due(report.rule, report.ruleKey)} · ${copy.amount(report.amount)}`;
}

const list = (words: readonly string[]) => words.map((w) => `“${w}”`).join(', ');

/** The guide's state first, then the states the quiz recommends: phones get a card per state, wider screens a table. */
function Comparison({ facts, copy, t }: { facts: StateGuideFacts; copy: Copy; t: T }) {
  const codes = [facts.state, ...comparedStates.filter((code) => code !== facts.state)];
  const rows = codes.map((code) => ({
    costs: code === facts.state ? facts.costs : stateCosts(code),
    name: copy.format.state(code),
    current: code === facts.state,
  }));
  const name = (row: (typeof rows)[number]) =>
    row.current ? (
      <>
        {row.name} <span className="font-normal text-muted">({t('compare.thisState')})</span>
      </>
    ) : (
      <Link to={stateGuidePath(row.costs.state)} className={linkClasses}>
        {row.name}
      </Link>
    );
  const columns = [
    [t('compare.filingFee'), (c: StateCosts) => filingFee(c, copy)],
    [t('compare.yearly'), (c: StateCosts) => yearlyShort(c, copy, t)],
    [t('compare.incomeTax'), (c: StateCosts) => incomeTax(c, copy)],
    [t('compare.anonymous'), (c: StateCosts) => anonymous(c, copy)],
  ] as const;
  return (
    <>
      <ul className="space-y-3 md:hidden" data-testid="state-guide-compare-cards">
        {rows.map((row) => (
          <li key={row.costs.state} className={`rounded-xl border p-4 ${row.current ? 'border-brand-500 dark:border-gold-400' : 'border-line'}`}>
            <h3 className="font-bold">{name(row)}</h3>
            <dl className="mt-2 space-y-1 text-sm">
              {columns.map(([label, value]) => (
                <div key={label} className="flex justify-between gap-4">
                  <dt className="font-semibold">{label}</dt>
                  <dd className="text-right">{value(row.costs)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <table className="hidden w-full border-collapse text-left text-sm md:table" data-testid="state-guide-compare">
        <caption className="sr-only">{t('compare.caption', { state: copy.format.state(facts.state) })}</caption>
        <thead>
          <tr className="border-b-2 border-line align-bottom">
            <th scope="col" className="py-2 pr-4 pl-2">
              {t('compare.state')}
            </th>
            {columns.map(([label]) => (
              <th key={label} scope="col" className="py-2 pr-4">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.costs.state} className={`border-b border-line align-top ${row.current ? 'bg-surface-muted' : ''}`}>
              <th scope="row" className="py-2 pr-4 pl-2 font-semibold">
                {name(row)}
              </th>
              {columns.map(([label, value]) => (
                <td key={label} className="py-2 pr-4">
                  {value(row.costs)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/**
 * /states/:slug (prerendered, both languages): one state's fees, annual report, taxes, name rules,
 * anonymity and processing time from the dataset, each with its source and the day it was
 * checked, compared with the popular states, and a button into the wizard with the state chosen.
 */
export function StateGuidePage({ state }: { state: UsStateCode }) {
  const { t } = useTranslation('stateGuides');
  const copy = useComplianceCopy();
  const facts = stateGuideFacts(state);
  const name = copy.format.state(state);
  const { costs, formation, annualReport: report, separateTax, names, processing } = facts;
  usePageTitle(
    t('meta.title', { state: name }),
    formation ? t('meta.description', { state: name, fee: copy.format.usd(formation.cents) }) : t('meta.descriptionNoFee', { state: name }),
  );
  const mergedTax = report?.taxName ? copy.taxName(report.taxName) : null;
  const rules = names.rules;
  const approval = rules.approval ?? [];
  const forbidden = rules.forbidden ?? [];

  return (
    <article className="mx-auto max-w-4xl px-4 py-12 sm:py-16">
      <Breadcrumb
        label={t('breadcrumb')}
        trail={[
          { name: t('home'), path: paths.home() },
          { name: t('stateCosts'), path: paths.stateCosts() },
        ]}
        current={{ name, path: stateGuidePath(state) }}
      />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-4xl">{t('title', { state: name })}</h1>
      <p className="mt-4 text-lg">{t('intro', { state: name })}</p>
      <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2">
        <StartButton state={state} name={name} t={t} />
        <p className="text-sm text-muted">{t('startNote')}</p>
      </div>

      <section aria-labelledby="guide-glance" className="mt-10 rounded-2xl border border-line bg-surface-muted p-5">
        <h2 id="guide-glance" className="text-lg font-bold">
          {t('glance.heading')}
        </h2>
        <dl className="mt-3 grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2" data-testid="state-guide-glance">
          {(
            [
              ['filingFee', filingFee(costs, copy)],
              ['yearly', yearlyShort(costs, copy, t)],
              ['annualReport', reportShort(facts, copy)],
              ['incomeTax', incomeTax(costs, copy)],
              ['anonymous', anonymous(costs, copy)],
              ['processing', processingShort(facts, copy, t)],
            ] as const
          ).map(([key, value]) => (
            <div key={key}>
              <dt className="font-semibold">{t(`glance.${key}`)}</dt>
              <dd data-testid={`state-guide-${key}`}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Section id="guide-fees" title={t('fees.heading')}>
        <h3 className="font-semibold">{t('fees.filingFee')}</h3>
        {formation ? (
          <>
            <p className="text-lg font-bold">
              {copy.format.usd(formation.cents)} <span className="text-sm font-normal text-muted">· {copy.t('page.included')}</span>
            </p>
            <Checked
              href={formation.sourceUrl}
              label={t('fees.filingFeeSource', { state: name })}
              date={formation.lastVerified}
              name={name}
              copy={copy}
              t={t}
            />
          </>
        ) : (
          <p>{t('fees.notInData', { state: name })}</p>
        )}
        <h3 className="pt-2 font-semibold">{t('fees.yearly')}</h3>
        <YearlyCell costs={costs} state={name} copy={copy} />
      </Section>

      <Section id="guide-report" title={t('report.heading')}>
        {costs.noAnnualReport ? (
          <>
            <p>{t('report.none', { state: name })}</p>
            <Checked href={costs.annualReportSourceUrl} label={t('report.source')} date={costs.lastVerified} name={name} copy={copy} t={t} />
          </>
        ) : report && report.rule.kind !== 'unknown' ? (
          <>
            <p>
              {t('report.due', { state: name, due: copy.due(report.rule, report.ruleKey), amount: copy.amount(report.amount) })}
              {mergedTax && <> {t('report.withTax', { taxName: mergedTax })}</>}
            </p>
            {report.ruleText && <StateWording text={report.ruleText} t={t} />}
            <Checked href={report.sourceUrl} label={t('report.source')} date={report.lastVerified} name={name} copy={copy} t={t} />
          </>
        ) : (
          <>
            <p>{t(report?.ruleText || report?.sourceUrl ? 'report.unknown' : 'report.missing', { state: name })}</p>
            {report?.ruleText && <StateWording text={report.ruleText} t={t} />}
            {report?.sourceUrl && <Checked href={report.sourceUrl} label={t('report.source')} date={report.lastVerified} name={name} copy={copy} t={t} />}
          </>
        )}
      </Section>

      <Section id="guide-taxes" title={t('taxes.heading')}>
        {separateTax ? (
          <>
            <p>
              {t('taxes.separate', {
                taxName: copy.taxName(separateTax.taxName ?? ''),
                amount: copy.amount(separateTax.amount),
                due: copy.due(separateTax.rule, separateTax.ruleKey),
              })}
            </p>
            <Checked href={separateTax.sourceUrl} label={t('report.source')} date={separateTax.lastVerified} name={name} copy={copy} t={t} />
          </>
        ) : mergedTax ? (
          <p>{t('taxes.merged', { taxName: mergedTax })}</p>
        ) : (
          <p>{t('taxes.none', { state: name })}</p>
        )}
        <p>{t('taxes.incomeTax', { value: incomeTax(costs, copy) })}</p>
      </Section>

      <Section id="guide-names" title={t('names.heading')}>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t(rules.designatorAtEnd ? 'names.designatorsAtEnd' : 'names.designators', { list: list(rules.designators) })}</li>
          {approval.length > 0 && <li>{t('names.approval', { list: list(approval) })}</li>}
          {forbidden.length > 0 && <li>{t('names.forbidden', { list: list(forbidden) })}</li>}
          {rules.englishLettersOnly && <li>{t('names.englishLetters')}</li>}
          {rules.maxLength && <li>{t('names.maxLength', { max: rules.maxLength })}</li>}
        </ul>
        <Checked
          href={names.source?.sourceUrl ?? null}
          label={
            <>
              {t('names.law')}: <span lang="en">{rules.citation}</span>
            </>
          }
          date={names.source?.lastVerified ?? null}
          name={name}
          copy={copy}
          t={t}
        />
      </Section>

      <Section id="guide-privacy" title={t('privacy.heading')}>
        <p>{t(costs.anonymous == null ? 'privacy.unknown' : costs.anonymous ? 'privacy.yes' : 'privacy.no', { state: name })}</p>
      </Section>

      <Section id="guide-processing" title={t('processing.heading')}>
        {processing ? (
          <>
            <ul className="list-disc space-y-1 pl-5">
              {processing.online && <li>{t('processing.online', { days: days(processing.online, t) })}</li>}
              {processing.mail && <li>{t('processing.mail', { days: days(processing.mail, t) })}</li>}
            </ul>
            <p className="text-sm text-muted">{t('processing.note')}</p>
            <Checked href={processing.sourceUrl} label={t('report.source')} date={processing.lastVerified} name={name} copy={copy} t={t} />
          </>
        ) : (
          <p>{t('processing.none', { state: name })}</p>
        )}
      </Section>

      <Section id="guide-compare" title={t('compare.heading', { state: name })}>
        <Comparison facts={facts} copy={copy} t={t} />
      </Section>

      <section aria-labelledby="guide-ready" className="mt-12 rounded-2xl border border-line bg-surface p-6 text-center">
        <h2 id="guide-ready" className="text-xl font-bold">
          {t('ready', { state: name })}
        </h2>
        <div className="mt-4 flex justify-center">
          <StartButton state={state} name={name} t={t} />
        </div>
      </section>

      <DatasetCredit copy={copy} />
    </article>
  );
}
