import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';

/**
 * Every route as "METHOD /path/{param}", read from Fastify's own route tree, so a route added
 * without going through the OpenAPI document shows up here. HEAD twins of GET are left out.
 */
function registeredRoutes(app: FastifyInstance): string[] {
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    const url = prefixes.join('') + match[2]!;
    prefixes.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push(`${method} ${url.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes.sort();
}

type Operation = { responses: Record<string, { description: string; content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }> };

describe('the OpenAPI document', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // the document does not depend on the database; the embedded one is enough
    ({ app } = await buildTestApp(await testDatabases[0]!.open()));
  });
  afterAll(async () => {
    await app?.close();
  });

  const fetchDocument = async () => {
    const response = await app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toMatch(/^public/);
    return response.json() as { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, Operation>> };
  };

  it('is a valid OpenAPI 3.1 document about this API', async () => {
    const document = await fetchDocument();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info).toMatchObject({ title: 'Frontera API', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('lists every route the app registers, and nothing else', async () => {
    const { paths } = await fetchDocument();
    const documented = Object.entries(paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const registered = registeredRoutes(app);
    // the parse found the routes at all (a change of the tree's format must not pass silently)
    expect(registered).toContain('GET /api/orders/{id}/identity/{document}');
    expect(registered).toContain('POST /api/payments/webhook');
    expect(documented).toEqual(registered);
  });

  it('declares a success answer and the error body for every operation', async () => {
    const { paths } = await fetchDocument();
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, { responses }] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        const success = Object.entries(responses).filter(([status]) => /^[23]\d\d$/.test(status));
        // a route without response schemas gets @fastify/swagger's placeholder: 200 'Default Response', no content
        expect(success.length, name).toBeGreaterThan(0);
        for (const [status, response] of success) {
          expect(response.content !== undefined || response.description !== 'Default Response', `${name} ${status}`).toBe(true);
        }
        for (const [status, response] of Object.entries(responses).filter(
          ([code]) => /^[45]/.test(code) && !(path.startsWith('/api/health') || path === '/api/ready'),
        )) {
          expect(response.content?.['application/json']?.schema.properties, `${name} ${status}`).toHaveProperty('error');
        }
      }
    }
  });
});
