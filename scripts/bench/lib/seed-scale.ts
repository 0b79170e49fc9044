import { sql, type SQL } from 'drizzle-orm';
import { complianceCalendar, type DoneKind } from '../../../src/shared/compliance';
import { foldText } from '../../../src/shared/fold-text';
import { queryRows, type Database } from '../../../src/server/db/client';
import { complianceDone } from '../../../src/server/db/schema';
import { orderSearchText } from '../../../src/server/domain/search/order-search';
import { ticketSearchText } from '../../../src/server/domain/search/ticket-search';
import { refreshSchedules } from '../../../src/server/features/compliance/compliance-schedule';

/*
 * The scale data set: a business some years in, generated in SQL (INSERT … SELECT
 * generate_series, a chunk per statement) so that a million orders take minutes on PostgreSQL and
 * the same code seeds the embedded database. Every value is drawn from md5(SEED:table:n), so the
 * same SEED, sizes and ANCHOR give the same rows. The text the application derives in JavaScript
 * (the orders' and tickets' search text, ADR 0012) is composed in SQL from pieces folded here by
 * the application's own foldText/searchLines, and checked on a sample against orderSearchText and
 * ticketSearchText; the compliance schedules are computed by the application's refreshSchedules.
 */

export interface ScaleSizes {
  orders: number;
  users: number;
  /** formed companies (formation date, milestones, compliance rows), among the orders */
  companies: number;
  tickets: number;
  /** rows over the Activity page's sources (ADR 0032) */
  activity: number;
}

/** The issue's sizes at ORDERS orders: 10% formed, a ticket per 20 orders, two activity rows and a fifth of a user per order. */
export function scaleSizes(env: Record<string, string | undefined> = process.env): ScaleSizes {
  const orders = Number(env.ORDERS ?? 1_000_000);
  const size = (name: string, perOrder: number) => Number(env[name] ?? Math.max(1, Math.round(orders * perOrder)));
  return { orders, users: size('USERS', 0.2), companies: size('COMPANIES', 0.1), tickets: size('TICKETS', 0.05), activity: size('ACTIVITY', 2) };
}

export interface ScaleOptions {
  seed?: number;
  /** the day the data set ends (YYYY-MM-DD); default today (UTC) */
  anchor?: string;
  log?: (line: string) => void;
  /** rows per INSERT … SELECT */
  chunk?: number;
}

/** The five seeded administrators (actors of the activity rows, owners of orders and tickets). */
export const scaleAdminIds = [1, 2, 3, 4, 5].map((i) => `scale-admin-${i}`);
/** The organizer email of the customer with DASHBOARD_ORDERS orders (the scale bench gives them to a signed-in customer). */
export const dashboardEmail = 'dashboard.customer@scale.example.com';
export const dashboardOrders = 100;

const firstNames = [
  'José',
  'María',
  'François',
  'Zoë',
  'Ana',
  'Luis',
  'Inés',
  'Andrés',
  'Ramón',
  'Chloé',
  'Noémie',
  'Jürgen',
  'Björn',
  'Søren',
  'Łukasz',
  'Renée',
  'Joaquín',
  'Sofía',
  'Valentina',
  'Mateo',
  'Camila',
  'Martín',
  'Lucía',
  'John',
  'Olivia',
  'Wei',
  'Priya',
  'Yuki',
  'Min-jun',
  'Aarav',
  'Fatima',
  'Emeka',
];
const lastNames = [
  'Núñez',
  'Pérez',
  'García',
  'Gómez',
  'Hernández',
  'López',
  'Martínez',
  'Rodríguez',
  'Sánchez',
  'Muñoz',
  'Ibáñez',
  'Castaño',
  'Peña',
  'Quintana-Ruiz',
  'Dubois',
  'Lefèvre',
  'Müller',
  'Schröder',
  'Kowalski',
  "O'Brien",
  'Smith',
  'Johnson',
  'Chen',
  'Wang',
  'Sharma',
  'Tanaka',
  'Kim',
  'Silva',
  'Conceição',
  'Gonçalves',
  'Rossi',
  'Okafor',
  'Nguyễn',
  'Đặng',
  'Ahmed',
  'Brown',
];
const domains = ['gmail.com', 'outlook.com', 'proton.me', 'yahoo.com', 'icloud.com', 'empresa.mx', 'startup.io', 'correo.co', 'hotmail.es', 'mail.de'];
const companyWords = [
  'Andes',
  'Pacífico',
  'Sol y Mar',
  'Cóndor',
  'Blue Harbor',
  'Northwind',
  'Aurora',
  'Café Olé',
  'Zócalo',
  'Ñandú',
  'Polaris',
  'Quetzal',
  'Sakura',
  'Lotus',
  'Maple',
  'Crème',
  'Atlas',
  'Bahía',
  'Cumbre',
  'Río Verde',
  'Orion',
  'Jaguar',
  'Mistral',
  'Piñón',
];
const companyKinds = ['Ventures', 'Holdings', 'Trading', 'Digital', 'Logistics', 'Studio', 'Consulting', 'Imports', 'Labs', 'Capital', 'Media', 'Foods'];
/** residence and nationality, weighted as the business's customers (a code repeated is a weight) */
const nationalities = [
  ...Array<string>(20).fill('US'),
  ...Array<string>(16).fill('MX'),
  ...Array<string>(8).fill('CO'),
  ...Array<string>(6).fill('AR'),
  ...Array<string>(5).fill('PE'),
  ...Array<string>(5).fill('ES'),
  ...Array<string>(5).fill('VE'),
  ...Array<string>(4).fill('CL'),
  ...Array<string>(4).fill('IN'),
  ...Array<string>(3).fill('BR'),
  ...Array<string>(3).fill('GT'),
  ...Array<string>(3).fill('EC'),
  ...Array<string>(2).fill('CA'),
  ...Array<string>(2).fill('GB'),
  ...Array<string>(2).fill('DE'),
  'FR',
  'PH',
  'CN',
  'JP',
  'KR',
  'NG',
  'DO',
  'CR',
  'UY',
  'BO',
  'PA',
  'HN',
  'SV',
  'PY',
  'RU',
  'IT',
];
const states = [
  ...Array<string>(40).fill('WY'),
  ...Array<string>(25).fill('DE'),
  ...Array<string>(12).fill('FL'),
  ...Array<string>(8).fill('NM'),
  ...Array<string>(7).fill('TX'),
  ...Array<string>(5).fill('NV'),
  'CA',
  'NY',
  'CA',
];
const cities = [
  'Ciudad de México',
  'Bogotá',
  'Medellín',
  'Lima',
  'Santiago',
  'Buenos Aires',
  'Madrid',
  'São Paulo',
  'Guatemala',
  'Quito',
  'Miami',
  'Houston',
  'Toronto',
  'Mumbai',
  'Berlin',
];
const ticketTexts = [
  'My EIN has not arrived yet, can you check?',
  '¿Cuándo recibiré mi EIN? Ya pasaron tres semanas.',
  'Necesito cambiar la dirección de mi compañía.',
  'How do I open a bank account for my LLC?',
  'Quiero agregar un socio a mi LLC en Wyoming.',
  'Where can I download my Articles of Organization?',
  '¿Puedo pagar con tarjeta de débito desde Perú?',
  'I need an apostille for my formation documents.',
  'Mi pago aparece como pendiente, ¿qué hago?',
  'Can you file my annual report for Delaware?',
  'Necesito la factura con mis datos fiscales, por favor.',
  'The state rejected my company name, what now?',
];
const orderAuditActions = ['milestone_recorded', 'assigned', 'request_opened', 'milestone_recorded', 'order_corrected'];
const adminAuditActions = ['assign_ticket', 'assign_ticket', 'end_sessions', 'promote', 'demote', 'enable_two_factor'];
const milestoneNames = ['order_received', 'payment_received', 'filed_with_state', 'state_approved', 'ein_issued'];

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** A text[] literal (the lists are ours, quoted here; no parameter per element). */
const textArray = (list: readonly string[]) => sql.raw(`array[${list.map(literal).join(',')}]::text[]`);
/** One element of `list` chosen by the non-negative integer `n`. */
const pick = (list: SQL, length: number, n: SQL | string) => sql`(${list})[1 + (${typeof n === 'string' ? sql.raw(n) : n}) % ${sql.raw(String(length))}]`;
/** 0..65535 from bytes i, i+1 of the bytea column `h` (SQL text). */
const u16 = (h: string, i: number) => `(get_byte(${h}, ${i}) * 256 + get_byte(${h}, ${i + 1}))`;
/** 0..2^31 from bytes i..i+3 of `h` (SQL text). */
const u31 = (h: string, i: number) =>
  `((get_byte(${h}, ${i}) & 127)::bigint * 16777216 + get_byte(${h}, ${i + 1}) * 65536 + get_byte(${h}, ${i + 2}) * 256 + get_byte(${h}, ${i + 3}))`;
const r = (text: string) => sql.raw(text);

export async function seedScale(database: Database, sizes: ScaleSizes, options: ScaleOptions = {}) {
  const seedValue = options.seed ?? 39;
  const anchor = options.anchor ?? new Date().toISOString().slice(0, 10);
  const log = options.log ?? ((line: string) => console.log(line));
  const chunk = options.chunk ?? 100_000;
  const db = database.db;
  const seedText = sql.raw(literal(String(seedValue)));
  const hash = (table: string, n: SQL | string) =>
    sql`decode(md5(${seedText} || ':' || ${sql.raw(literal(table))} || ':' || ${typeof n === 'string' ? sql.raw(n) : n}), 'hex')`;
  /** a version-4 uuid drawn from (table, n): the same id wherever it is computed (order ids are referenced by every other table) */
  const uuidOf = (table: string, n: SQL | string) => {
    const m = sql`md5(${seedText} || ':' || ${sql.raw(literal(`${table}-id`))} || ':' || ${typeof n === 'string' ? sql.raw(n) : n})`;
    return sql`(substr(${m}, 1, 12) || '4' || substr(${m}, 14, 3) || substr('89ab', 1 + ascii(substr(${m}, 17, 1)) % 4, 1) || substr(${m}, 18, 15))::uuid`;
  };
  const anchorAtText = `(${literal(anchor)}::date + interval '12 hours')`;
  const anchorAt = r(anchorAtText);
  const spanSeconds = 1826 * 86_400;
  const stepSeconds = spanSeconds / sizes.orders;
  /** order n's moment: n = 1 is the newest, n = orders about five years before the anchor, with microseconds apart */
  const orderCreatedAt = (n: string) => `(${anchorAtText} - ((${n} - 1) * ${stepSeconds} + (${n}::bigint * 7919) % 997 / 1000.0) * interval '1 second')`;
  const orderIdOf = (n: string) => uuidOf('order', n);
  const randomOrder = (h: string, i: number) => `(1 + ${u31(h, i)} % ${sizes.orders})`;
  const timed = async (label: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  const chunks = async (total: number, each: (from: number, to: number) => Promise<unknown>) => {
    for (let from = 1; from <= total; from += chunk) await each(from, Math.min(total, from + chunk - 1));
  };

  const fold = (list: readonly string[]) => list.map((text) => foldText(text));
  const emailPart = (name: string) =>
    foldText(name)
      .replace(/[øłđß]/g, (c) => ({ ø: 'o', ł: 'l', đ: 'd', ß: 'ss' })[c]!)
      .replace(/[^a-z-]/g, '');
  const first = textArray(firstNames),
    firstFolded = textArray(fold(firstNames));
  const last = textArray(lastNames),
    lastFolded = textArray(fold(lastNames));
  // an email's local part: the folded name without what an address cannot hold
  const lastEmail = textArray(lastNames.map(emailPart));
  const firstEmail = textArray(firstNames.map(emailPart));
  const words = textArray(companyWords),
    wordsFolded = textArray(fold(companyWords));
  const kinds = textArray(companyKinds),
    kindsFolded = textArray(fold(companyKinds));
  const admins = textArray(scaleAdminIds);
  const nf = firstNames.length,
    nl = lastNames.length,
    nw = companyWords.length,
    nk = companyKinds.length;
  // the nationality's search lines (code, names, demonyms in English and Spanish), by code, as orderSearchText writes them
  const codes = [...new Set(nationalities)];
  const nationalityLines = sql.raw(
    `(case ${codes.map((code) => `when nationality = ${literal(code)} then ${literal(orderSearchText({ id: '', organizerName: '', email: '', companyName1: '', companyName2: '', companyName3: '', nationality: code }))}`).join(' ')} end)`,
  );

  /** the bulk loads go faster without the secondary indexes, built once at the end (their definitions read back from the catalog) */
  const loaded = [
    'orders',
    'users',
    'support_tickets',
    'order_status_history',
    'order_audit',
    'admin_audit',
    'order_messages',
    'order_notes',
    'ticket_messages',
    'documents',
    'identity_document_views',
    'order_milestones',
  ];
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class t on t.oid = i.indrelid
    where t.relname in (${sql.join(
      loaded.map((name) => sql`${name}`),
      sql`, `,
    )}) and not i.indisunique and not i.indisprimary and t.relnamespace = 'public'::regnamespace`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`));

  await timed(`${sizes.users} users and 5 administrators`, async () => {
    await db.execute(sql`
      insert into users (id, name, email, is_admin, two_factor_enabled, email_verified, created_at, updated_at)
      select 'scale-admin-' || g, 'Admin ' || (array['Lucía','Marco','Renée','Tomás','Ingrid'])[g], 'admin' || g || '@scale.example.com', true, true, true,
        ${anchorAt} - interval '1826 days', ${anchorAt} - interval '1826 days'
      from generate_series(1, 5) g`);
    await chunks(sizes.users, (from, to) =>
      db.execute(sql`
      insert into users (id, name, email, email_verified, language, created_at, updated_at)
      select 'scale-user-' || u, ${pick(first, nf, u16('h', 0))} || ' ' || ${pick(last, nl, u16('h', 2))},
        ${pick(firstEmail, nf, u16('h', 0))} || '.' || ${pick(lastEmail, nl, u16('h', 2))} || '.' || u || '@' || ${pick(textArray(domains), domains.length, u16('h', 4))},
        true, case when get_byte(h, 6) < 150 then 'es' else 'en' end,
        ${anchorAt} - (u * ${r(String(spanSeconds / sizes.users))}) * interval '1 second', ${anchorAt} - (u * ${r(String(spanSeconds / sizes.users))}) * interval '1 second'
      from (select u, ${hash('user', 'u')} as h from generate_series(${from}::int, ${to}::int) u offset 0) s`),
    );
  });

  // formed: exactly `companies` orders, spread evenly; in progress: the last 45 days
  const formed = (n: string) => `((${n}::bigint * ${sizes.companies}) / ${sizes.orders} <> ((${n}::bigint - 1) * ${sizes.companies}) / ${sizes.orders})`;
  await timed(`${sizes.orders} orders (${sizes.companies} formed)`, () =>
    chunks(sizes.orders, (from, to) =>
      db.execute(sql`
    insert into orders (id, user_id, company_name_1, company_name_2, company_name_3, organizer_name, email, phone, address_line1, address_city, address_state,
      address_zip, address_country, nationality, llc_state, status, order_amount, order_amount_paid, payment_id, hold_reason, paid_at, formation_date, ein,
      terms_version, terms_accepted_at, open_requests, assignee_id, promise_kind, promise_from, created_at, updated_at, search_text)
    select id, user_id, c1, c2, c3, organizer, email, phone, address_line1, city, 'State', zip, country, nationality, llc_state, status, 39900,
      case when status <> 'pending_payment' then 39900 end,
      case when status <> 'pending_payment' then 'pay_' || replace(id::text, '-', '') end,
      case when status = 'pending_payment' and get_byte(h, 12) = 0 then 'sanctioned_nationality' end,
      paid_at, formation_date,
      case when formation_date is not null then lpad((u31 % 1000000000)::text, 9, '0') end,
      '2026-01', created_at, open_requests,
      case when status in ('paid', 'processing') and get_byte(h, 13) < 205 then ${pick(admins, 5, sql.raw('get_byte(h, 14)'))} end,
      case when status = 'paid' then 'processing_start' when status = 'processing' then (case when get_byte(h, 15) < 128 then 'state_approval' else 'ein_issued' end) end,
      case when status in ('paid', 'processing') then paid_at + (get_byte(h, 15) % 48) * interval '1 hour' end,
      created_at, created_at,
      lower(substr(id::text, 1, 8)) || chr(10) || id::text || chr(10) || organizer_folded || chr(10) || email || chr(10) || c1_folded || chr(10) || c2_folded || chr(10) || c3_folded || chr(10) || ${nationalityLines}
    from (
      select *, case when status <> 'pending_payment' then created_at + (get_byte(h, 9) % 90) * interval '1 minute' end as paid_at,
        case when is_formed then least(created_at::date + 4 + get_byte(h, 10) % 25, ${literal(anchor)}::date) end as formation_date,
        case when status in ('paid', 'processing') and get_byte(h, 11) < 9 then 1 else 0 end as open_requests
      from (
        select *, 
          case when is_formed then 'completed'
            when created_at > ${anchorAt} - interval '45 days' then (array['pending_payment','paid','paid','processing','processing','processing','completed','pending_payment'])[1 + get_byte(h, 8) % 8]
            when get_byte(h, 8) < 26 then 'pending_payment' else 'completed' end as status
        from (
          select n, h, u31, ${orderIdOf('n')} as id, ${r(orderCreatedAt('n'))} as created_at, ${sql.raw(formed('n'))} as is_formed,
            case when mine then null when get_byte(h, 11) = 255 then null else 'scale-user-' || user_n end as user_id,
            case when mine then 'Dashboard Customer' when own then ${pick(first, nf, u16('hu', 0))} || ' ' || ${pick(last, nl, u16('hu', 2))} else ${pick(first, nf, u16('h', 0))} || ' ' || ${pick(last, nl, u16('h', 2))} end as organizer,
            case when mine then 'dashboard customer' when own then ${pick(firstFolded, nf, u16('hu', 0))} || ' ' || ${pick(lastFolded, nl, u16('hu', 2))} else ${pick(firstFolded, nf, u16('h', 0))} || ' ' || ${pick(lastFolded, nl, u16('h', 2))} end as organizer_folded,
            case when mine then ${dashboardEmail} when own then ${pick(firstEmail, nf, u16('hu', 0))} || '.' || ${pick(lastEmail, nl, u16('hu', 2))} || '.' || user_n || '@' || ${pick(textArray(domains), domains.length, u16('hu', 4))}
              else ${pick(firstEmail, nf, u16('h', 0))} || '.' || ${pick(lastEmail, nl, u16('h', 2))} || n || '@' || ${pick(textArray(domains), domains.length, u16('h', 4))} end as email,
            ${pick(words, nw, u16('h', 2))} || ' ' || ${pick(kinds, nk, u16('h', 4))} || ' LLC' as c1,
            ${pick(words, nw, u16('h', 2))} || ' ' || ${pick(kinds, nk, u16('h', 4))} || ' Group LLC' as c2,
            ${pick(words, nw, `(${u16('h', 2)} + 1)`)} || ' ' || ${pick(kinds, nk, u16('h', 4))} || ' LLC' as c3,
            ${pick(wordsFolded, nw, u16('h', 2))} || ' ' || ${pick(kindsFolded, nk, u16('h', 4))} || ' llc' as c1_folded,
            ${pick(wordsFolded, nw, u16('h', 2))} || ' ' || ${pick(kindsFolded, nk, u16('h', 4))} || ' group llc' as c2_folded,
            ${pick(wordsFolded, nw, `(${u16('h', 2)} + 1)`)} || ' ' || ${pick(kindsFolded, nk, u16('h', 4))} || ' llc' as c3_folded,
            case when get_byte(h, 5) < 77 then null else '+1' || (2012000000 + u31 % 7000000000)::text end as phone,
            (get_byte(h, 6) * 37 + n % 97) || ' ' || ${pick(words, nw, u16('h', 6))} || ' St' as address_line1,
            ${pick(textArray(cities), cities.length, u16('h', 7))} as city, lpad((u31 % 99999)::text, 5, '0') as zip,
            ${pick(textArray(nationalities), nationalities.length, u16('h', 3))} as nationality,
            case when get_byte(h, 7) < 40 then 'US' else ${pick(textArray(nationalities), nationalities.length, u16('h', 3))} end as country,
            ${pick(textArray(states), states.length, u16('h', 1))} as llc_state
          from (
            select n, h, hu, user_n, u31, own, n % ${Math.max(1, Math.floor(sizes.orders / dashboardOrders))} = 7 and n <= ${Math.max(1, Math.floor(sizes.orders / dashboardOrders)) * dashboardOrders} as mine
            from (
              select n, h, ${r(u31('h', 12))} as u31, 1 + ${r(u31('h', 0))} % ${sizes.users} as user_n, get_byte(h, 15) < 205 as own,
                ${hash('user', sql.raw(`(1 + ${u31('h', 0)} % ${sizes.users})`))} as hu
              from (select n, ${hash('order', 'n')} as h from generate_series(${from}::int, ${to}::int) n offset 0) a offset 0
            ) b offset 0
          ) c offset 0
        ) d offset 0
      ) e offset 0
    ) f`),
    ),
  );
  // what the payment reminder job did while the business ran: an unpaid order older than two days had its one reminder
  await db.execute(
    sql`update orders set reminder_sent_at = created_at + interval '1 day' where status = 'pending_payment' and created_at < ${anchorAt} - interval '2 days'`,
  );
  // the dashboard customer's orders belong to a seeded account until the bench gives them to a signed-in one
  await db.execute(
    sql`insert into users (id, name, email, created_at) values ('scale-dashboard', 'Dashboard Customer', ${dashboardEmail}, ${anchorAt} - interval '1826 days')`,
  );
  await db.execute(sql`update orders set user_id = 'scale-dashboard' where email = ${dashboardEmail}`);

  await timed('milestones, partners and open requests', async () => {
    const formedOrders = sql`select id, created_at, paid_at, formation_date, status from orders where formation_date is not null or status = 'processing'`;
    await db.execute(sql`
      insert into order_milestones (order_id, milestone, occurred_on, recorded_by, created_at, updated_at)
      select o.id, m.name, case m.name when 'order_received' then o.created_at::date when 'payment_received' then o.paid_at::date
          when 'filed_with_state' then coalesce(o.formation_date - 3, o.paid_at::date + 1) when 'state_approved' then o.formation_date else o.formation_date + 10 end,
        case when m.name in ('order_received', 'payment_received') then null else ${pick(admins, 5, sql.raw(`abs(hashtext(o.id::text))`))} end, o.created_at, o.created_at
      from (${formedOrders}) o cross join unnest(${textArray(milestoneNames)}) as m(name)
      where o.formation_date is not null or m.name in ('order_received', 'payment_received', 'filed_with_state')`);
    // multi-member companies: a partner on one formed company in five
    await db.execute(sql`
      insert into partners (order_id, full_name, email, phone, country, address, created_at)
      select id, 'Partner of ' || organizer_name, 'partner.' || email, '+13075550100', nationality, '1 Partner Way', created_at
      from orders where formation_date is not null and abs(hashtext(id::text)) % 5 = 0`);
    // each open request is a team message in the order's thread, as the admin-queue bench seeds them
    await db.execute(sql`
      with asked as (
        insert into order_messages (order_id, from_team, author_id, body, created_at)
        select id, true, coalesce(assignee_id, 'scale-admin-1'), 'Please confirm the purpose of the company.', paid_at + interval '2 hours' from orders where open_requests > 0 returning id, order_id, created_at)
      insert into order_requests (order_id, message_id, kind, due_on, status, created_at)
      select order_id, id, 'answer', (created_at + interval '7 days')::date, 'open', created_at from asked`);
  });

  await timed(`${sizes.tickets} support tickets`, () =>
    chunks(sizes.tickets, (from, to) =>
      db.execute(sql`
    insert into support_tickets (id, name, email, support_message, status, language, assignee_id, created_at, search_text)
    select id, name, email, message, status, language, assignee, created_at, name_folded || chr(10) || email || chr(10) || message_folded
    from (
      select ${uuidOf('ticket', 't')} as id,
        ${pick(first, nf, u16('h', 0))} || ' ' || ${pick(last, nl, u16('h', 2))} as name,
        ${pick(firstFolded, nf, u16('h', 0))} || ' ' || ${pick(lastFolded, nl, u16('h', 2))} as name_folded,
        ${pick(firstEmail, nf, u16('h', 0))} || '.' || ${pick(lastEmail, nl, u16('h', 2))} || '.t' || t || '@' || ${pick(textArray(domains), domains.length, u16('h', 4))} as email,
        ${pick(textArray(ticketTexts), ticketTexts.length, u16('h', 6))} as message,
        ${pick(textArray(fold(ticketTexts)), ticketTexts.length, u16('h', 6))} as message_folded,
        case when t <= ${Math.ceil(sizes.tickets / 400)} then 'open' else (array['open','answered','closed','closed','closed','closed','closed','closed'])[1 + get_byte(h, 8) % 8] end as status,
        case when get_byte(h, 9) < 128 then 'es' else 'en' end as language,
        case when get_byte(h, 10) < 170 then ${pick(admins, 5, sql.raw('get_byte(h, 11)'))} end as assignee,
        ${anchorAt} - (t * ${r(String(spanSeconds / sizes.tickets))} + get_byte(h, 12)) * interval '1 second' as created_at
      from (select t, ${hash('ticket', 't')} as h from generate_series(${from}::int, ${to}::int) t offset 0) s
    ) x`),
    ),
  );

  // the Activity page's sources (ADR 0032), in these shares of `activity`
  const share = (fraction: number) => Math.round(sizes.activity * fraction);
  const activityAt = (h: string) => `(${orderCreatedAt(randomOrder(h, 0))} + (get_byte(${h}, 4) % 72) * interval '1 hour')`;
  const sources: [string, number, (from: number, to: number) => SQL][] = [
    [
      'order_status_history',
      share(0.4),
      (from, to) => sql`
      insert into order_status_history (order_id, from_status, to_status, changed_by, source, created_at)
      select ${orderIdOf(randomOrder('h', 0))}, s.from_status, s.to_status, case when s.source = 'admin' then ${pick(admins, 5, sql.raw('get_byte(h, 5)'))} end, s.source, ${sql.raw(activityAt('h'))}
      from (select n, ${hash('status', 'n')} as h from generate_series(${from}::int, ${to}::int) n offset 0) a
      cross join lateral (select * from (values ('pending_payment', 'paid', 'payment'), ('paid', 'processing', 'admin'), ('processing', 'completed', 'admin')) v(from_status, to_status, source) offset get_byte(h, 6) % 3 limit 1) s`,
    ],
    [
      'order_audit',
      share(0.25),
      (from, to) => sql`
      insert into order_audit (order_id, action, actor_id, detail, created_at)
      select ${orderIdOf(randomOrder('h', 0))}, action, ${pick(admins, 5, sql.raw('get_byte(h, 5)'))},
        case action when 'milestone_recorded' then jsonb_build_object('milestone', 'filed_with_state', 'occurredOn', to_char(${sql.raw(activityAt('h'))}, 'YYYY-MM-DD'), 'note', null)
          when 'assigned' then jsonb_build_object('from', null, 'to', 'Admin Lucía') when 'order_corrected' then jsonb_build_object('changed', 'organizerName', 'reason', 'typo in the name')
          else jsonb_build_object('kind', 'answer', 'dueOn', to_char(${sql.raw(activityAt('h'))} + interval '7 days', 'YYYY-MM-DD')) end,
        ${sql.raw(activityAt('h'))}
      from (select n, h, ${pick(textArray(orderAuditActions), orderAuditActions.length, sql.raw('get_byte(h, 6)'))} as action from (select n, ${hash('audit', 'n')} as h from generate_series(${from}::int, ${to}::int) n offset 0) a) b`,
    ],
    [
      'admin_audit',
      share(0.05),
      (from, to) => sql`
      insert into admin_audit (actor_id, target_id, action, detail, created_at)
      select ${pick(admins, 5, sql.raw('get_byte(h, 5)'))}, case when action = 'assign_ticket' then ${uuidOf('ticket', sql.raw(`(1 + ${u31('h', 8)} % ${sizes.tickets})`))}::text else 'scale-user-' || (1 + ${r(u31('h', 8))} % ${sizes.users}) end,
        action, case when action = 'assign_ticket' then jsonb_build_object('from', null, 'to', 'Admin Marco') else jsonb_build_object('email', 'someone@scale.example.com') end,
        ${anchorAt} - (n * ${r(String(spanSeconds / Math.max(1, share(0.05))))}) * interval '1 second'
      from (select n, h, ${pick(textArray(adminAuditActions), adminAuditActions.length, sql.raw('get_byte(h, 6)'))} as action from (select n, ${hash('admin-audit', 'n')} as h from generate_series(${from}::int, ${to}::int) n offset 0) a) b`,
    ],
    [
      'order_messages',
      share(0.1),
      (from, to) => sql`
      insert into order_messages (order_id, author_id, from_team, body, created_at, read_at)
      select ${orderIdOf(randomOrder('h', 0))}, case when get_byte(h, 6) < 128 then ${pick(admins, 5, sql.raw('get_byte(h, 5)'))} end, get_byte(h, 6) < 128,
        (array['Hola, ¿ya tienen mi EIN?', 'We filed your Articles today.', 'Gracias por la información.', 'Your EIN letter is in Documents.'])[1 + get_byte(h, 7) % 4], ${sql.raw(activityAt('h'))}, ${sql.raw(activityAt('h'))} + interval '1 hour'
      from (select n, ${hash('message', 'n')} as h from generate_series(${from}::int, ${to}::int) n offset 0) a`,
    ],
    [
      'order_notes',
      share(0.05),
      (from, to) => sql`
      insert into order_notes (order_id, author_id, body, created_at)
      select ${orderIdOf(randomOrder('h', 0))}, ${pick(admins, 5, sql.raw('get_byte(h, 5)'))}, (array['Called the customer.', 'Pasaporte verificado.', 'Waiting for the state.'])[1 + get_byte(h, 7) % 3], ${sql.raw(activityAt('h'))}
      from (select n, ${hash('note', 'n')} as h from generate_series(${from}::int, ${to}::int) n offset 0) a`,
    ],
    [
      'ticket_messages',
      share(0.05),
      (from, to) => sql`
      insert into ticket_messages (ticket_id, kind, author_id, body, created_at)
      select ${uuidOf('ticket', sql.raw(`(1 + ${u31('h', 0)} % ${sizes.tickets})`))}, case when get_byte(h, 6) < 200 then 'reply' else 'note' end,
        ${pick(admins, 5, sql.raw('get_byte(h, 5)'))}, (array['Estamos revisando tu caso.', 'Your EIN was issued yesterday.', 'Customer called back.'])[1 + get_byte(h, 7) % 3],
        ${anchorAt} - (n * ${r(String(spanSeconds / Math.max(1, share(0.05))))}) * interval '1 second'
      from (select n, ${hash('ticket-message', 'n')} as h from generate_series(${from}::int, ${to}::int) n offset 0) a`,
    ],
    [
      'documents',
      share(0.05),
      (from, to) => sql`
      insert into documents (order_id, file_name, storage_key, content_type, size_bytes, uploaded_by, created_at, updated_at)
      select ${orderIdOf(randomOrder('h', 0))}, (array['EIN letter.pdf', 'Articles of Organization.pdf', 'Operating Agreement.pdf'])[1 + get_byte(h, 7) % 3], 'scale/' || n, 'application/pdf', 120000,
        ${pick(admins, 5, sql.raw('get_byte(h, 5)'))}, ${sql.raw(activityAt('h'))}, ${sql.raw(activityAt('h'))}
      from (select n, ${hash('document', 'n')} as h from generate_series(${from}::int, ${to}::int) n offset 0) a`,
    ],
    [
      'identity_document_views',
      share(0.05),
      (from, to) => sql`
      insert into identity_document_views (order_id, document, viewer_id, viewer_name, ip_address, created_at)
      select ${orderIdOf(randomOrder('h', 0))}, (array['passport', 'ssnDoc', 'otherId'])[1 + get_byte(h, 7) % 3], ${pick(admins, 5, sql.raw('get_byte(h, 5)'))}, 'Admin', '203.0.113.7', ${sql.raw(activityAt('h'))}
      from (select n, ${hash('view', 'n')} as h from generate_series(${from}::int, ${to}::int) n offset 0) a`,
    ],
  ];
  for (const [table, count, insert] of sources) await timed(`${count} ${table} rows`, () => chunks(count, (from, to) => db.execute(insert(from, to))));

  await timed(`${indexes.length} secondary indexes built`, async () => {
    for (const index of indexes) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
        await tx.execute(sql.raw(index.definition));
      });
    }
  });

  await timed('compliance: past deadlines marked done, schedules computed', async () => {
    // 19 companies in 20 keep their company in good standing: their past deadlines are marked done
    const companies = await queryRows<{ id: string; formation_date: string; llc_state: string; nationality: string }>(
      db,
      sql`select id, formation_date::text, llc_state, nationality from orders where formation_date is not null order by id`,
    );
    let batch: (typeof complianceDone.$inferInsert)[] = [];
    for (const [i, order] of companies.entries()) {
      if (i % 20 === 7) continue;
      const calendar = complianceCalendar({
        state: order.llc_state as 'WY',
        formationDate: order.formation_date,
        owners: order.nationality === 'US' ? 'us' : 'foreign',
        members: 'single',
        today: anchor,
      });
      for (const deadline of calendar)
        if (deadline.status === 'overdue')
          batch.push({ orderId: order.id, kind: deadline.kind as DoneKind, dueDate: deadline.dueDate!, doneBy: scaleAdminIds[i % 5]! });
      if (batch.length >= 5_000) {
        await db.insert(complianceDone).values(batch);
        batch = [];
      }
    }
    if (batch.length) await db.insert(complianceDone).values(batch);
    // what the reminder job's first run does: every company's schedule, from the stale rows the triggers made
    await refreshSchedules(db, anchor);
  });

  // as autovacuum leaves a live database: statistics, and the visibility maps that let an index-only
  // scan skip the table (right after a bulk load the planner reads ticket_messages whole instead)
  await timed('vacuum analyze', () => db.execute(sql`vacuum analyze`));
  await checkSearchText(database);
}

/** The search text composed in SQL is the application's: a sample of orders and tickets against orderSearchText and ticketSearchText. */
export async function checkSearchText(database: Database) {
  const orderRows = await queryRows<{
    id: string;
    organizer_name: string;
    email: string;
    company_name_1: string;
    company_name_2: string;
    company_name_3: string;
    nationality: string;
    search_text: string;
  }>(
    database.db,
    sql`select id, organizer_name, email, company_name_1, company_name_2, company_name_3, nationality, search_text from orders tablesample system (1) limit 200`,
  );
  for (const row of orderRows) {
    const expected = orderSearchText({
      id: row.id,
      organizerName: row.organizer_name,
      email: row.email,
      companyName1: row.company_name_1,
      companyName2: row.company_name_2,
      companyName3: row.company_name_3,
      nationality: row.nationality,
    });
    if (expected !== row.search_text)
      throw new Error(`order ${row.id}: search text ${JSON.stringify(row.search_text)}, the application writes ${JSON.stringify(expected)}`);
  }
  const tickets = await queryRows<{ id: string; name: string; email: string; support_message: string; search_text: string }>(
    database.db,
    sql`select id, name, email, support_message, search_text from support_tickets limit 200`,
  );
  for (const row of tickets) {
    const expected = ticketSearchText({ name: row.name, email: row.email, supportMessage: row.support_message });
    if (expected !== row.search_text)
      throw new Error(`ticket ${row.id}: search text ${JSON.stringify(row.search_text)}, the application writes ${JSON.stringify(expected)}`);
  }
}

/** Rows per table, for the report (estimates after ANALYZE would do; exact counts are quick at these sizes). */
export async function tableCounts(database: Database, tables: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await queryRows<{ n: string }>(database.db, sql.raw(`select count(*) as n from ${table}`)))[0]!.n);
  return counts;
}
