import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/client';
import { codesPhonesSearch } from '../../../src/server/db/data-migrations';

/** The benches' orders (admin-orders, orders-csv): 200 customers and `orderCount` varied orders, searchable. */
export async function seedOrders(database: Database, orderCount: number) {
  // 200 customers, then the orders in one statement: names, emails and nationalities varied enough for search to be selective
  await database.db.execute(sql`
    insert into users (id, name, email)
    select 'bench-user-' || g, 'Customer ' || g, 'customer' || g || '@bench.example.com' from generate_series(1, 200) g`);
  await database.db.execute(sql`
    insert into orders (user_id, company_name_1, company_name_2, company_name_3, organizer_name, email, address_line1, address_city,
      address_state, address_zip, address_country, nationality, llc_state, order_amount, order_amount_paid, status, created_at, search_text)
    select 'bench-user-' || (1 + g % 200), 'Company ' || g || ' LLC', 'Alt ' || g || ' LLC', 'Third ' || g || ' LLC',
      (array['Ana','Luis','María','John','Wei','Priya','Yuki','Min-jun','Olivia','Lucas'])[1 + g % 10] || ' ' ||
      (array['Pérez','García','Smith','Chen','Sharma','Tanaka','Kim','Brown','Silva','Müller','Rossi','Núñez'])[1 + (g / 10) % 12] || ' ' || g,
      'founder' || g || '@' || (array['gmail.com','outlook.com','proton.me','empresa.mx','startup.io'])[1 + g % 5],
      g || ' Main St', 'City', 'State', '10001',
      (array['US','MX','CA','PE','IN','JP','DE','ES'])[1 + g % 8],
      (array['US','MX','CA','PE','IN','JP','DE','ES','PH','RU','GT','EC','BO','UY','PY','HN','SV','CR','PA','DO'])[1 + g % 20],
      'WY', 39900, case when g % 3 = 0 then null else 39900 end,
      (array['pending_payment','paid','processing','completed'])[1 + g % 4],
      now() - (g || ' minutes')::interval, ''
    from generate_series(1, ${orderCount}) g`);
  // the search text is the application's (ADR 0012): written by the same code as the 0005 data migration
  const started = performance.now();
  await database.db.transaction((tx) => codesPhonesSearch(tx as unknown as Database['db']));
  console.log(`  search text for ${orderCount} orders written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await database.db.execute(sql`analyze orders`);
}
