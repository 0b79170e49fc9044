import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { permissionsPolicy, registerSecurityHeaders } from './security-headers';

const options = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", 'https://cdn.example.com'], upgradeInsecureRequests: [] },
  },
  hsts: { maxAge: 31536000, includeSubDomains: true },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
};

async function answers(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  const app = Fastify();
  await register(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  app.get('/file', async (_request, reply) => reply.header('content-security-policy', "sandbox; default-src 'none'").send('file'));
  const result = await Promise.all(['/ok', '/boom', '/missing', '/file'].map((url) => app.inject(url)));
  await app.close();
  return result.map(({ headers }) => {
    const { date: _date, ...rest } = headers;
    return rest;
  });
}

describe('security headers', () => {
  it("are @fastify/helmet's plus Permissions-Policy on answers, errors and 404s, and a route's own CSP still wins", async () => {
    const ours = await answers((app) => registerSecurityHeaders(app, options));
    const helmets = await answers((app) => app.register(fastifyHelmet, options));
    // helmet's, and the Permissions-Policy it does not write, on every answer
    expect(ours).toEqual(helmets.map((headers) => ({ ...headers, 'permissions-policy': permissionsPolicy })));
    expect(permissionsPolicy).toBe('camera=(), microphone=(), geolocation=(), payment=()');
    expect(ours[0]).toMatchObject({ 'strict-transport-security': 'max-age=31536000; includeSubDomains', 'x-frame-options': 'SAMEORIGIN' });
    expect(ours[0]!['content-security-policy']).toContain('https://cdn.example.com');
    expect(ours[3]!['content-security-policy']).toBe("sandbox; default-src 'none'");
  });
});
