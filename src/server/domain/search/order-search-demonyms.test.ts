import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import worldCountries from 'world-countries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryCodes, specCountryCodes, specDemonyms } from '@shared/countries';
import { foldText } from '@shared/fold-text';
import type { Database } from '@server/db/client';
import { runDataMigrations } from '@server/db/data-migrations';
import { dataMigrations, orders } from '@server/db/schema';
import { buildTestApp, signUp, promoteEnrolledAdmin } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { submitOrder, validOrder } from '@server/test/orders';
import { demonymForms, demonyms } from './demonyms';
import { orderSearchText } from './order-search';

/**
 * Where demonyms.ts leaves world-countries' English forms, and why. Forms it only adds (Argentinian
 * beside Argentine) need no entry here.
 */
const englishReplaced: Record<string, string> = {
  BQ: "its 'Dutch' is the Netherlands' demonym: the islands' own (Bonairean, Statian, Saban)",
  BV: 'uninhabited; world-countries has none',
  CV: "'Cape Verdian' is a misspelling of Cape Verdean",
  DJ: "'Djibouti' is the country's name, not a demonym",
  GI: "'Gibraltar' is the place's name, not a demonym",
  IO: "its 'Indian' is India's: the islands' people are Chagossians",
  MP: "its 'American' is the United States'",
  SJ: "its 'Norwegian' is Norway's; no people of its own",
  TF: "its 'French' is France's; uninhabited",
  UM: "its 'American Islander' reads as the United States'; uninhabited",
};

/** Territories with no demonym in use, written "de …" ("del …") in Spanish (demonyms.ts). */
const spanishDescriptive = ['BL', 'BQ', 'BV', 'CC', 'CX', 'GG', 'GS', 'HM', 'JE', 'MP', 'NF', 'PM', 'PN', 'SH', 'SJ', 'TC', 'TF', 'UM', 'VG', 'VI', 'WF'];

const wcEnglish = (code: string): string[] => {
  const forms = worldCountries.find((country) => country.cca2 === code)?.demonyms.eng;
  return [...new Set([forms?.m, forms?.f].flatMap((text) => (text ? text.split(/, | or /) : [])))];
};

describe('demonyms.ts', () => {
  it('has a demonym in English and in Spanish for every country the app offers, and for nothing else', () => {
    expect(Object.keys(demonyms).sort()).toEqual([...countryCodes].sort());
    for (const code of countryCodes) {
      const [en, es] = demonyms[code]!;
      expect(
        en.split('/').every((form) => form.trim() === form && form !== ''),
        code,
      ).toBe(true);
      expect(
        es.split('/').every((form) => form.trim() === form && form !== ''),
        code,
      ).toBe(true);
    }
  });

  it('gives Spanish demonyms in lower case, masculine and feminine where they differ; "de …" only for the listed territories', () => {
    const descriptive = countryCodes.filter((code) => /^del? /.test(demonyms[code]![1]));
    expect(descriptive).toEqual(spanishDescriptive);
    for (const code of countryCodes.filter((c) => !spanishDescriptive.includes(c))) {
      const forms = demonyms[code]![1].split('/');
      expect(
        forms.every((form) => form === form.toLowerCase()),
        code,
      ).toBe(true);
      // a masculine in -o comes with its feminine in -a
      for (const form of forms.filter((f) => f.endsWith('o'))) expect(forms, `${code} ${form}`).toContain(`${form.slice(0, -1)}a`);
    }
    expect(demonymForms('GT')).toEqual(['Guatemalan', 'guatemalteco', 'guatemalteca']);
  });

  it("includes the product's demonyms for its 22 countries, as the product shows them", () => {
    for (const code of specCountryCodes) {
      const forms = demonymForms(code).map(foldText);
      expect(forms, code).toContain(foldText(specDemonyms[code].en));
      expect(forms, code).toContain(foldText(specDemonyms[code].es));
    }
  });

  it("keeps world-countries' English forms (the maintained source), except where the reason is given", () => {
    const drifted = countryCodes.filter((code) => !englishReplaced[code] && !wcEnglish(code).every((form) => demonyms[code]![0].split('/').includes(form)));
    expect(drifted.map((code) => `${code}: world-countries ${wcEnglish(code).join('/')}, demonyms.ts ${demonyms[code]![0]}`)).toEqual([]);
    // a replaced entry that world-countries has since put right can go back to its forms
    const putRight = (code: string) => wcEnglish(code).length > 0 && wcEnglish(code).every((form) => demonyms[code]![0].split('/').includes(form));
    expect(Object.keys(englishReplaced).filter(putRight)).toEqual([]);
  });

  it("gives no other nationality the United States' Spanish demonym", () => {
    const others = countryCodes.filter((code) => code !== 'US' && demonymForms(code).some((form) => foldText(form).includes('estadounidense')));
    expect(others).toEqual([]);
  });

  it('is written into the search text, and a value that is no code adds nothing', () => {
    const base = {
      id: '00000000-0000-4000-8000-000000000001',
      organizerName: 'Ana',
      email: 'ana@example.com',
      companyName1: 'A LLC',
      companyName2: 'B LLC',
      companyName3: 'C LLC',
    };
    expect(orderSearchText({ ...base, nationality: 'KR' }).split('\n')).toEqual(
      expect.arrayContaining(['south korean', 'surcoreano', 'surcoreana', 'corea del sur']),
    );
    expect(
      orderSearchText({ ...base, nationality: 'constructor' })
        .split('\n')
        .at(-1),
    ).toBe('constructor');
  });
});

describe.each(testDatabases)('the admin order search by demonym on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let adminCookie: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await target.open();
    ({ app } = await buildTestApp(database));
    const admin = await signUp(app, { name: 'Erin Admin' });
    await promoteEnrolledAdmin(database.db, admin.user.email);
    adminCookie = admin.cookie;
    const owner = await signUp(app);
    for (const nationality of ['GT', 'NG', 'NE', 'KR', 'KP']) {
      const response = await submitOrder(app, owner.cookie, validOrder({ nationality, organizerName: `Founder ${nationality}` }));
      expect(response.statusCode, nationality).toBe(201);
      ids[nationality] = response.json().order.id;
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  const found = async (q: string) => {
    const response = await app.inject({ url: `/api/admin/orders?q=${encodeURIComponent(q)}&limit=100`, headers: { cookie: adminCookie } });
    expect(response.statusCode, q).toBe(200);
    return (response.json().orders as { id: string; nationality: string }[]).map((order) => order.nationality);
  };

  it.each([
    ['guatemalteca', 'GT'],
    ['guatemalteco', 'GT'],
    ['Guatemalan', 'GT'],
    ['nigeriana', 'NG'],
    ['NIGERIANO', 'NG'],
    ['Nigerian', 'NG'],
    ['nigerina', 'NE'],
    ['Nigerien', 'NE'],
    ['surcoreana', 'KR'],
    ['surcoreano', 'KR'],
    ['norcoreana', 'KP'],
  ])('"%s" finds the %s order, and only it', async (q, nationality) => {
    expect(await found(q)).toEqual([nationality]);
  });

  it('rewrites the search text of orders stored before the demonyms (data migration 0014_order_search_demonyms)', async () => {
    // as orderSearchText wrote it before: the code and the names, no demonym outside the product's 22
    await database.db
      .update(orders)
      .set({ searchText: sql`'gt' || chr(10) || 'guatemala'` })
      .where(eq(orders.id, ids.GT!));
    expect(await found('guatemalteca')).toEqual([]);
    await database.db.delete(dataMigrations).where(eq(dataMigrations.id, '0014_order_search_demonyms'));
    await runDataMigrations(database.db);
    expect(await found('guatemalteca')).toEqual(['GT']);
    const [row] = await database.db.select({ searchText: orders.searchText }).from(orders).where(eq(orders.id, ids.GT!));
    expect(row?.searchText).toContain('founder gt');
  });
});
