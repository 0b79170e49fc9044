import { spawn } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';

/** A backup or restore refused or failed, with a message for the operator (printed as it is). */
export class BackupError extends Error {}

/** host:port/database of a URL: what the output may show (never the password). */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
}

/**
 * Runs pg_dump or pg_restore; resolves with its stdout. The password goes in PGPASSWORD, not on
 * the command line, where every user of the machine could read it (ps).
 */
export function runPostgresTool(command: 'pg_dump' | 'pg_restore', args: string[], url?: string): Promise<string> {
  const env = { ...process.env };
  const dbArgs: string[] = [];
  if (url) {
    const parsed = new URL(url);
    if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = '';
    dbArgs.push(`--dbname=${parsed.toString()}`);
  }
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, ...dbArgs], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found on PATH: install the PostgreSQL client tools of the server's major version or newer (e.g. apt-get install postgresql-client-15), or run the command where they are.`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(stdout).toString());
      else reject(new BackupError(`${command} failed (exit code ${code}): ${stderr.trim() || 'no message'}`));
    });
  });
}

/**
 * pg_dump's custom format (compressed, restorable table by table) into `file`; with `snapshot`
 * (pg_export_snapshot() of a transaction still open) it dumps what that transaction sees.
 */
export async function dumpPostgres(url: string, file: string, snapshot?: string): Promise<void> {
  await runPostgresTool('pg_dump', ['--format=custom', `--file=${file}`, ...(snapshot ? [`--snapshot=${snapshot}`] : [])], url);
}

/**
 * pg_restore of `file` into the database of `url`, in one transaction (a failure leaves it as it
 * was). Owners and grants are left out, so the restoring role may differ from the dumped one; so
 * is the comment on the pg_trgm extension, which only the extension's owner may set.
 * `listFile`: where the list of what to restore is written.
 */
export async function restorePostgres(url: string, file: string, listFile: string): Promise<void> {
  const list = await runPostgresTool('pg_restore', ['--list', file]);
  await fs.promises.writeFile(
    listFile,
    list
      .split('\n')
      .filter((line) => !/ COMMENT - EXTENSION /.test(line))
      .join('\n'),
    { mode: 0o600 },
  );
  await runPostgresTool('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--use-list=${listFile}`, file], url);
}

/** No table, view or sequence outside PostgreSQL's own schemas. */
export async function isEmptyPostgres(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
    );
    return rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}
