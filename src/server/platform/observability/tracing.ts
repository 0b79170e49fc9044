import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { traceQueries } from '../../db/query-timing';

/**
 * OpenTelemetry traces, exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 * Off (the default), the SDK is never loaded and every helper here is a plain call: no span objects,
 * no context switches. On, each request is a server span (joining the caller's `traceparent`), each
 * database call, outbox email and job run a span inside it or on its own.
 */
let tracer: Tracer | undefined;

export interface Tracing {
  shutdown(): Promise<void>;
}

export async function startTracing(settings: { endpoint: string | undefined; serviceName: string }): Promise<Tracing | undefined> {
  if (!settings.endpoint) return undefined;
  // loaded only when configured: the SDK and its exporter are a cost the default never pays
  const [
    { TracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { AsyncLocalStorageContextManager },
    { resourceFromAttributes },
    { W3CTraceContextPropagator },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/core'),
  ]);
  // the signal's path appended to the base endpoint, as the OTLP specification says
  const exporter = new OTLPTraceExporter({ url: `${settings.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: 2000 })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  tracer = provider.getTracer('frontera');
  traceQueries(tracer);
  return {
    async shutdown() {
      tracer = undefined;
      traceQueries(undefined);
      // sends what is left, then lets a later app of this process register again
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/** `work` inside a span named `name` when tracing is on; just `work` otherwise. Errors mark the span and go on. */
export async function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  if (!tracer) return work();
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    traceSpan: Span | null;
  }
}

/**
 * A server span per request: named by method and route template (never a URL with ids), with the
 * status; only the path without its query is recorded, no header, no body. Runs `next` in its context.
 */
export function registerRequestSpans(app: FastifyInstance): (request: FastifyRequest, next: () => void) => void {
  app.decorateRequest('traceSpan', null);
  app.addHook('onResponse', (request, reply, done) => {
    const span = request.traceSpan;
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  return (request, next) => {
    if (!tracer) return next();
    const route = request.routeOptions.url ?? 'unmatched';
    const parent: Context = propagation.extract(context.active(), request.headers);
    const span = tracer.startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'http.route': route, 'url.path': request.url.split('?')[0], 'http.request.id': request.id },
      },
      parent,
    );
    request.traceSpan = span;
    context.with(trace.setSpan(parent, span), next);
  };
}
