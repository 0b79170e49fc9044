import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TPublicConfig } from '@shared/public-config';
import type { Config } from '@server/config';
import { openDatabase } from '@server/db/open';
import type { Database } from '@server/db/client';
import { adminOrderRoutes } from '@server/features/orders/admin-orders.routes';
import { adminUserRoutes } from '@server/features/users/users.routes';
import { activityRoutes } from '@server/features/activity/activity.routes';
import { integrationRoutes } from '@server/features/integrations/integrations.routes';
import { queueRoutes } from '@server/features/queue/queue.routes';
import { paymentReviewRoutes } from '@server/features/payments/payment-reviews.routes';
import { authRoutes } from '@server/features/auth/auth.routes';
import { accountDataRoutes } from '@server/features/account-data/account-data.routes';
import { verifySecondFactor } from '@server/features/security/second-factor-check';
import { orderMessageRoutes } from '@server/features/order-messages/order-messages.routes';
import { eventRoutes } from '@server/features/events/events.routes';
import { passkeyRoutes } from '@server/features/security/passkey.routes';
import { securityRoutes } from '@server/features/security/security.routes';
import { healthRoutes } from '@server/features/health/health.routes';
import { metricsRoutes } from '@server/features/metrics/metrics.routes';
import { launchListRoutes } from '@server/features/launch-list/launch-list.routes';
import { seoRoutes } from '@server/features/seo/seo.routes';
import { supportRoutes } from '@server/features/support/support.routes';
import { orderListRoute, orderRoutes } from '@server/features/orders/orders.routes';
import { complianceRoutes } from '@server/features/compliance/compliance.routes';
import { calendarFeedRoutes } from '@server/features/compliance/calendar-feed';
import { adminComplianceRoutes } from '@server/features/compliance/admin-compliance';
import { adminIdentityDocumentRoutes, identityDocumentRoutes } from '@server/features/identity-documents/identity-documents.routes';
import { paymentRoutes, webhookPath } from '@server/features/payments/payments.routes';
import { refundRoutes } from '@server/features/payments/refunds.routes';
import { refundContext } from '@server/features/payments/refunds.service';
import { filingRoutes } from '@server/features/filing/filing.routes';
import { sessionHeld } from '@server/features/payments/payments.service';
import { displayedPriceCents } from '@server/domain/price';
import { testCheckoutRoutes } from '@server/features/payments/test-checkout.routes';
import { isTestProvider } from '@server/platform/payments/test-provider';
import { registerErrorHandling } from '@server/platform/http/errors';
import { registerOverloadShedding } from '@server/platform/http/overload';
import { createRegistry, registerHttpMetrics } from '@server/platform/observability/http-metrics';
import { startTracing } from '@server/platform/observability/tracing';
import { createErrorReporter } from '@server/platform/observability/error-reporting';
import { clientErrorRoutes } from '@server/features/client-errors/client-errors.routes';
import { unstorableTextError } from '@server/platform/http/storable-text';
import { inlineScriptHashes } from '@server/platform/http/inline-scripts';
import { registerOpenApi } from '@server/platform/http/openapi';
import { sameOriginGuard } from '@server/platform/http/same-origin';
import { registerSecurityHeaders } from '@server/platform/http/security-headers';
import { registerSpa } from '@server/platform/http/spa';
import { logSerializers } from '@server/platform/http/log-redaction';
import { OneLineRequestLog } from '@server/platform/http/request-log';
import { thirdPartyOrigins } from '@server/platform/http/third-party';
import { createServices, type Services } from '@server/services';
import { readSession } from '@server/platform/auth/guards';

interface AppDeps {
  /** defaults to the database named by the config; the app closes it on shutdown */
  database?: Database;
  /** where the JSON log lines go (default stdout); tests read them here */
  logStream?: NonNullable<Exclude<FastifyServerOptions['logger'], boolean>>['stream'];
  /** sees every route as it is declared: scripts/api-contract.ts derives the client's contract from them */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** What the browser gets of the configuration; the price is added per page (platform/http/spa.ts). */
export function publicConfig(config: Config): Omit<TPublicConfig, 'priceCents'> {
  return {
    supportEmail: config.SUPPORT_EMAIL,
    marketingUrl: config.MARKETING_URL,
    passwordMinLength: config.PASSWORD_MIN_LENGTH,
    uploadMaxBytes: config.UPLOAD_MAX_BYTES,
    reviewWidgetUrl: config.REVIEW_WIDGET_URL ?? null,
    testimonialWidgetUrls: config.TESTIMONIAL_WIDGET_URLS,
    analyticsScriptUrls: config.ANALYTICS_SCRIPT_URLS,
    explainerVideoUrl: config.EXPLAINER_VIDEO_URL ?? null,
    jvCheckoutUrl: config.JV_CHECKOUT_URL,
    affiliateMarketplaceUrl: config.AFFILIATE_MARKETPLACE_URL,
    presaleLaunchAt: new Date(config.PRESALE_LAUNCH_AT).toISOString(),
    sanctionedNationalities: config.SANCTIONED_NATIONALITIES,
  };
}

/** Builds the whole app without listening; tests drive it with app.inject. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  // before anything that makes spans; off unless OTEL_EXPORTER_OTLP_ENDPOINT is set
  const tracing = await startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME });
  const database = deps.database ?? (await openDatabase(config));
  const secure = config.APP_URL.startsWith('https://');
  const thirdParty = thirdPartyOrigins(config);

  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            // what a line says of a request and its answer: method, URL without query values, host,
            // address, status; never a header, so no credential or session cookie (platform/http/log-redaction.ts).
            // (pino's `redact` of header paths would run on every line to remove what is never there)
            serializers: logSerializers,
            stream: deps.logStream,
          },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    logController: new OneLineRequestLog(),
    // finish in-flight requests on close, drop idle keep-alive sockets at once
    forceCloseConnections: 'idle',
    trustProxy: config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // the 500s also go to a Sentry-compatible service when SENTRY_DSN is set
  const reporter = createErrorReporter({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
    release: config.SENTRY_RELEASE,
    onSendError: (error) => app.log.warn({ err: error }, 'error report not sent'),
  });
  registerErrorHandling(app, reporter);
  // shed requests while the event loop is saturated; measure every request (and its database time)
  await registerOverloadShedding(app, {
    maxEventLoopDelayMs: config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: config.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION,
    retryAfterSeconds: config.OVERLOAD_RETRY_AFTER_SECONDS,
    graceSeconds: config.OVERLOAD_GRACE_SECONDS,
  });
  const metrics = createRegistry();
  registerHttpMetrics(app, metrics, database);
  // NUL bytes and lone surrogates would reach the database (or the outbox's JSON) as a 500
  // hooks every request passes are callbacks: an async hook costs a promise each time
  app.addHook('preValidation', (request, _reply, done) => {
    done(unstorableTextError(request.params, ['params']) ?? unstorableTextError(request.query) ?? unstorableTextError(request.body));
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // API answers hold personal data (orders, names, emails): no browser or proxy keeps a copy,
    // unless a route says it is public (the OpenAPI document)
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  const services = await createServices(config, database, app.log);
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await services.mail.stop();
    await services.close();
    await database.close();
    // last: the spans and error reports of the closing work go out too
    await Promise.all([tracing?.shutdown(), reporter?.flush()]);
  });
  app.addHook('onRequest', sameOriginGuard(config.APP_URL, { development: config.NODE_ENV === 'development' }));

  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // the two fixed inline scripts of inline-scripts.ts by their hashes, nothing else inline
        scriptSrc: ["'self'", ...inlineScriptHashes, ...thirdParty.scripts],
        // stylesheets from our origin only; inline style attributes (React's style props, in
        // prerendered markup too) are the one inline styling allowed, no <style> element
        styleSrc: ["'self'"],
        // a configured widget brings its stylesheets and, most of them, a <style> it writes itself:
        // allowed only then (docs/deploy.md), never on an app without widgets
        styleSrcElem: ["'self'", ...thirdParty.scripts, ...(thirdParty.scripts.length > 0 ? ["'unsafe-inline'"] : [])],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...thirdParty.scripts],
        frameSrc: ["'self'", ...thirdParty.scripts],
        mediaSrc: ["'self'", ...thirdParty.media],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: secure ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(fastifyCookie);
  // before the routes: it documents each as it is added
  await registerOpenApi(app);

  await app.register(healthRoutes(services.readinessChecks));
  await app.register(clientErrorRoutes(reporter));
  await app.register(metricsRoutes(services, metrics));
  await app.register(authRoutes(services));
  await app.register(securityRoutes(services));
  await app.register(passkeyRoutes(services));
  // the signed-in user's live stream (Server-Sent Events)
  await app.register(eventRoutes(services));
  await app.register(supportRoutes(services));
  await app.register(launchListRoutes(services));
  // uploads stream through; the size limit ends a file early with 413, nothing is held whole
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 3, fields: 2, fieldSize: 64 * 1024, parts: 6, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
  // the caller's data exports and account deletion; the second factor is checked by the security feature
  const checkOwnCode = async (request: FastifyRequest, id: string, code: string) =>
    (await verifySecondFactor({ auth: services.auth, db: services.db }, request, { id, twoFactorEnabled: true }, code)).ok;
  await app.register(accountDataRoutes(services, { verifySecondFactor: checkOwnCode }));
  await app.register(orderListRoute(services));
  // the thread takes files: registered after the multipart parser
  await app.register(orderMessageRoutes(services));
  await app.register(orderRoutes(services));
  await app.register(identityDocumentRoutes(services));
  await app.register(complianceRoutes(services));
  await app.register(calendarFeedRoutes(services));
  await app.register(adminComplianceRoutes(services));
  await app.register(adminOrderRoutes(services));
  await app.register(adminIdentityDocumentRoutes(services));
  await app.register(adminUserRoutes(services));
  await app.register(queueRoutes(services));
  await app.register(activityRoutes(services));
  await app.register(integrationRoutes(services));
  await app.register(paymentReviewRoutes(services));
  // one refunds context for both: the refund routes start refunds, the webhook completes them
  const refunds = refundContext(services, services.payments);
  await app.register(paymentRoutes(services, refunds));
  await app.register(refundRoutes(services, refunds));
  await app.register(filingRoutes(services));
  if (isTestProvider(services.payments)) {
    await app.register(testCheckoutRoutes(services.testPaymentsSecret, (sessionId) => sessionHeld(database.db, sessionId)));
    // the test provider's refund events come back through the webhook, as Stripe's do
    services.payments.refunds.deliver = async (payload, headers) => {
      await app.inject({ method: 'POST', url: webhookPath, payload, headers });
    };
  }

  await app.register(seoRoutes(config.APP_URL, config.clientDir));
  await registerSpa(app, {
    clientDir: config.clientDir,
    publicConfig: publicConfig(config),
    appUrl: config.APP_URL,
    currentPrice: () => displayedPriceCents(database.db, app.log),
    sessionOf: (request) => readSession(services.auth, request),
  });
  return app;
}
