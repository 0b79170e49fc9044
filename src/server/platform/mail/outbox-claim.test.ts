import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '@server/test/databases';
import { explainJson, planNodes, scans } from '../../../../scripts/bench/lib/query-plans';
import { dueMessages } from './outbox';

/*
 * A periodic job costs what it does, not what waits. The outbox polls every few hundred
 * milliseconds; with thousands of messages due (a first compliance run queues 35,000 reminders at
 * a million orders) each poll must read its batch from the due index, not sort every due message.
 */
describe.each(testDatabases)('claiming the emails due on $name', (target) => {
  it('reads one batch from the due index in its order, with no sort of every due message', async () => {
    const database = await target.open();
    try {
      await database.db.execute(sql`
        insert into mail_outbox (recipient, template, language, payload, next_attempt_at, created_at)
        select 'due' || g || '@example.com', 'welcome', 'en', '{}'::jsonb, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
        from generate_series(1, 5000) g`);
      await database.db.execute(sql`analyze mail_outbox`);
      const plan = await explainJson(database, dueMessages(database.db).toSQL());
      expect(scans(plan)).toEqual(['Index Scan mail_outbox_due_idx']);
      expect(planNodes(plan).map((node) => node['Node Type'])).not.toContain('Sort');
    } finally {
      await database.close();
    }
  });
});
