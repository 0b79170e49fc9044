// The API's schemas are in './api', imported from there: zod builds a schema when its module is
// evaluated, and the public pages that show state costs need none of them.
export * from './calendar';
export * from './costs';
export { parseAnnualReportDue, parseTaxDue, type DueRule } from './due-rules';
export { taxNameFor } from './tax-names';
