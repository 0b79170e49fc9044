import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The browser features the app uses: none of these. A page (or a script that got in) cannot ask
 * for the camera, the microphone, the location or the Payment Request API; card payments happen
 * on the provider's own page.
 */
export const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=()';

/** Headers of the probe's answer that are not helmet's. */
const notHelmets = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * helmet's headers. They depend on the options alone, yet @fastify/helmet builds the helmet
 * middleware again on every request (3–4 % of a signed-in API request's CPU, ADR 0013): here the
 * plugin answers one request of a throwaway instance at start, and its headers go on every answer.
 * A route still sets its own (a stricter CSP for stored files) with reply.header, as before.
 * Permissions-Policy, which helmet does not write, goes with them.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => '');
  const response = await probe.inject('/');
  await probe.close();
  const headers = Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name]) => !notHelmets.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
  headers['permissions-policy'] = permissionsPolicy;
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
