export * from './calendar';
export * from './costs';
export { parseAnnualReportDue, parseTaxDue, type DueRule } from './due-rules';
export * from './api';
