import type { Database } from '../../../src/server/db/client';

/*
 * The SQL a request runs, and its plans: the scale bench prints EXPLAIN (ANALYZE,
 * BUFFERS) of its slowest paths, the seq-scan guard test fails on a sequential scan of a big table.
 * The queries are drizzle's own, caught by its logger hook, so what is explained is what the
 * server ran, parameters and all.
 */

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

interface Logger {
  logQuery(query: string, params: unknown[]): void;
}
type WithSession = { session: { logger: Logger; options?: { logger?: Logger } } };

/**
 * Records every query drizzle runs on `database` from now on (transactions included). Install it
 * before the app is built: a prepared query keeps the logger it was built with.
 */
export function captureQueries(database: Database): { take(): CapturedQuery[] } {
  let queries: CapturedQuery[] = [];
  const logger: Logger = { logQuery: (query, params) => void queries.push({ sql: query, params }) };
  const { session } = database.db as unknown as WithSession;
  session.logger = logger;
  // a transaction's session is made from these options
  if (session.options) session.options.logger = logger;
  return {
    take() {
      const taken = queries;
      queries = [];
      return taken;
    },
  };
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Scan Direction'?: string;
  'Actual Rows'?: number;
  'Actual Total Time'?: number;
  Plans?: PlanNode[];
}

/** The driver's own client (pg.Pool or PGlite): both take (text, params) and answer { rows }. */
const client = (database: Database) =>
  (database.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } }).$client;

type Querier = { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/**
 * EXPLAIN of one captured query: JSON for the checks, or text (ANALYZE, BUFFERS) to print. With
 * `seqScan: false` the planner is told to avoid sequential scans (enable_seqscan = off, on the one
 * connection that explains): a Seq Scan it still chooses means no index can serve the query at all.
 */
export async function explainJson(database: Database, query: CapturedQuery, { seqScan = true } = {}): Promise<PlanNode> {
  const pool = client(database) as Querier & { connect?: () => Promise<Querier & { release(): void }> };
  const connection = database.kind === 'postgres' && pool.connect ? await pool.connect() : undefined;
  const on: Querier = connection ?? pool;
  if (!seqScan) await on.query('set enable_seqscan = off');
  let rows: Record<string, unknown>[];
  try {
    ({ rows } = await on.query(`explain (format json) ${query.sql}`, query.params));
  } finally {
    if (!seqScan) await on.query('reset enable_seqscan');
    connection?.release();
  }
  const value = rows[0]!['QUERY PLAN'];
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  return parsed[0]!.Plan;
}

export async function explainAnalyze(database: Database, query: CapturedQuery): Promise<string> {
  const { rows } = await client(database).query(`explain (analyze, buffers) ${query.sql}`, query.params);
  return rows.map((row) => String(row['QUERY PLAN'])).join('\n');
}

/** Every node of a plan tree. */
export function planNodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(planNodes)];
}

/** "Index Scan orders_created_at_id_idx", "Seq Scan orders": the scans of a plan, once each. */
export function scans(plan: PlanNode): string[] {
  return [
    ...new Set(
      planNodes(plan)
        .filter((node) => node['Index Name'] || /Scan/.test(node['Node Type']))
        .map((node) => `${node['Node Type']} ${node['Index Name'] ?? node['Relation Name'] ?? ''}`.trim()),
    ),
  ];
}

/** The tables a plan reads whole. */
export const seqScannedTables = (plan: PlanNode) =>
  planNodes(plan)
    .filter((node) => node['Node Type'] === 'Seq Scan')
    .map((node) => node['Relation Name']!);

/** Only the statements worth explaining: reads of the application's tables (not BEGIN, SET, the session's touch). */
export const isExplainable = (query: CapturedQuery) => /^\s*(select|with)\b/i.test(query.sql);
