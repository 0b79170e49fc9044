/**
 * Copies the facts the product shows from ../shared/data/us-llc-state-dataset/states.json into
 * src/shared/state-data/states.json (CC BY 4.0; NOTICE and LICENSE are kept beside it).
 * Usage: npx tsx scripts/import-state-data.ts [path/to/states.json]
 */
import fs from 'node:fs';
import path from 'node:path';

interface SourceState {
  name: string;
  formation_fee: number;
  annual_report_fee: number;
  annual_report_due_date: string;
  official_link: string;
  last_verified: string;
}

const source = process.argv[2] ?? '../shared/data/us-llc-state-dataset/states.json';
const data = JSON.parse(fs.readFileSync(source, 'utf8')) as { last_updated: string; states: Record<string, SourceState> };
const states = Object.fromEntries(
  Object.entries(data.states).map(([code, s]) => [
    code,
    {
      name: s.name,
      formationFeeUsd: s.formation_fee,
      annualReportFeeUsd: s.annual_report_fee,
      annualReportDue: s.annual_report_due_date,
      officialLink: s.official_link,
      lastVerified: s.last_verified,
    },
  ]),
);
const out = path.resolve('src/shared/state-data/states.json');
fs.writeFileSync(out, `${JSON.stringify({ lastUpdated: data.last_updated, states }, null, 2)}\n`);
console.log(`wrote ${Object.keys(states).length} states to ${path.relative(process.cwd(), out)}`);
