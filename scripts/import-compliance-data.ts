/**
 * Copies what the compliance calendar and the state-costs page need from the US LLC State
 * Requirements Dataset (StartupSole LLC, CC BY 4.0) into src/shared/state-data/compliance.json,
 * and the dataset's tax-rules records unchanged into src/shared/state-data/tax-rules/ (the tests
 * pin the calendar against them), and what the state guides add (processing times, the name rules' sources) into
 * src/shared/state-data/guides.json. NOTICE and LICENSE are beside them.
 * Usage: npx tsx scripts/import-compliance-data.ts [path/to/us-llc-state-dataset]
 */
import fs from 'node:fs';
import path from 'node:path';

interface SourceState {
  name: string;
  formation_fee: number;
  annual_report_fee: number;
  annual_report_due_date: string;
  source_url: string;
  official_link: string;
  last_verified: string;
}
interface Evidence {
  url: string;
  supports: string;
}
interface TaxRecord {
  stateAbbr: string;
  franchiseTax: {
    applies: boolean;
    taxName: string | null;
    basis: string | null;
    minimumAnnualUsd: number | null;
    firstYearExemption: boolean | null;
    collectedWithAnnualReport: boolean | null;
    dueDate: string | null;
    evidence: Evidence[];
  };
  stateIncomeTax: { passThroughApplies: boolean | null; topRatePercent: number | null };
  sources: { url: string }[];
  lastVerified: string;
}

interface Days {
  min: number;
  max: number;
}
interface ProcessingRecord {
  stateAbbr: string;
  standardProcessing: {
    isPublished: boolean | null;
    onlineBusinessDays: Days | null;
    mailBusinessDays: Days | null;
    sourceUrl: string | null;
    observedOn: string | null;
  };
  lastVerified: string;
}

const root = process.argv[2] ?? '../shared/data/us-llc-state-dataset';
const read = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;
const states = read<{ last_updated: string; states: Record<string, SourceState> }>('states.json');
const anonymous = read<{ states: Record<string, { anonymous_llc_available: boolean | null }> }>('anonymous_llc_available/states.json');
const outDir = path.resolve('src/shared/state-data');
fs.mkdirSync(path.join(outDir, 'tax-rules'), { recursive: true });

const taxes: Record<string, TaxRecord> = {};
for (const file of fs.readdirSync(path.join(root, 'tax-rules/states')).sort()) {
  const text = fs.readFileSync(path.join(root, 'tax-rules/states', file), 'utf8');
  fs.writeFileSync(path.join(outDir, 'tax-rules', file), text);
  const record = JSON.parse(text) as TaxRecord;
  taxes[record.stateAbbr] = record;
}

const codes = [...new Set([...Object.keys(states.states), ...Object.keys(taxes)])].sort();
const out = Object.fromEntries(
  codes.map((code) => {
    const s = states.states[code];
    const t = taxes[code];
    const ft = t?.franchiseTax;
    return [
      code,
      {
        formationFeeUsd: s?.formation_fee ?? null,
        annualReport: s
          ? { feeUsd: s.annual_report_fee, due: s.annual_report_due_date, sourceUrl: s.source_url || s.official_link, lastVerified: s.last_verified }
          : null,
        tax: ft
          ? {
              applies: ft.applies,
              taxName: ft.taxName,
              basis: ft.basis,
              minimumAnnualUsd: ft.minimumAnnualUsd,
              firstYearExemption: ft.firstYearExemption,
              collectedWithAnnualReport: ft.collectedWithAnnualReport,
              dueDate: ft.dueDate,
              // the passage that supports the due date, else the record's first source
              sourceUrl: ft.evidence.find((e) => e.supports.includes('dueDate'))?.url ?? t.sources[0]?.url ?? null,
              lastVerified: t.lastVerified,
            }
          : null,
        incomeTax: t ? { passThroughApplies: t.stateIncomeTax.passThroughApplies, topRatePercent: t.stateIncomeTax.topRatePercent } : null,
        anonymous: anonymous.states[code]?.anonymous_llc_available ?? null,
      },
    ];
  }),
);
const commit = fs.existsSync(path.join(root, 'SOURCE_COMMIT')) ? fs.readFileSync(path.join(root, 'SOURCE_COMMIT'), 'utf8').trim() : null;
fs.writeFileSync(
  path.join(outDir, 'compliance.json'),
  `${JSON.stringify({ datasetCommit: commit, lastUpdated: states.last_updated, states: out }, null, 2)}\n`,
);
console.log(`wrote ${codes.length} jurisdictions to ${path.relative(process.cwd(), path.join(outDir, 'compliance.json'))}`);

// For the state guides (src/shared/state-guides.ts): the published standard processing time where
// the state gives a range in business days (wording alone is not paraphrased), and the source of
// the name rules (the rules themselves are extracted by hand: src/shared/name-rules/states.ts).
interface NameRecord {
  stateAbbr: string;
  namingStatuteUrl: string | null;
  lastVerified: string;
}
const guides: Record<string, { processing: unknown; nameRules: unknown }> = {};
for (const file of fs.readdirSync(path.join(root, 'name-rules/states')).sort()) {
  const record = read<NameRecord>(path.join('name-rules/states', file));
  guides[record.stateAbbr] = {
    processing: null,
    nameRules: record.namingStatuteUrl ? { sourceUrl: record.namingStatuteUrl, lastVerified: record.lastVerified } : null,
  };
}
for (const file of fs.readdirSync(path.join(root, 'processing-time/states')).sort()) {
  const record = read<ProcessingRecord>(path.join('processing-time/states', file));
  const p = record.standardProcessing;
  if (!p.isPublished || (!p.onlineBusinessDays && !p.mailBusinessDays) || !p.sourceUrl) continue;
  guides[record.stateAbbr]!.processing = {
    onlineBusinessDays: p.onlineBusinessDays,
    mailBusinessDays: p.mailBusinessDays,
    sourceUrl: p.sourceUrl,
    lastVerified: p.observedOn ?? record.lastVerified,
  };
}
const sorted = Object.fromEntries(
  Object.keys(guides)
    .sort()
    .map((code) => [code, guides[code]]),
);
fs.writeFileSync(path.join(outDir, 'guides.json'), `${JSON.stringify({ datasetCommit: commit, states: sorted }, null, 2)}\n`);
console.log(`wrote ${Object.keys(sorted).length} jurisdictions to src/shared/state-data/guides.json`);
