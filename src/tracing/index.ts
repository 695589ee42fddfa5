import {
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context as TraceContext,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';

export { SpanKind, SpanStatusCode, type Span, type TraceContext };

/**
 * Tracing (docs/operations.md, "Tracing"). One tracer per process, set while an app built with tracing
 * on runs; `null` otherwise, and every seam tests that one value before doing anything, so with
 * tracing off the cost is a null check per request, statement and loop round.
 *
 * Context is passed by hand — a request's span on its Fastify request and its statement counter, a
 * loop's span to the statements it runs — never through an AsyncLocalStorage (the project removed one
 * for its CPU cost, docs/decisions.md), and the provider is not registered as the global one: a
 * library that traces through `@opentelemetry/api` on its own (drizzle can, with its statements'
 * parameters as attributes) stays a no-op.
 */
let active: { tracer: Tracer; provider: BasicTracerProvider } | null = null;

/** The process's tracer while tracing is on; null when off. */
export function tracer(): Tracer | null {
  return active?.tracer ?? null;
}

export interface TracingOptions {
  /** OTLP/HTTP base URL (OTEL_EXPORTER_OTLP_ENDPOINT); spans go to `<endpoint>/v1/traces`. */
  endpoint?: string;
  serviceName: string;
  /** Instead of OTLP (tests). */
  exporter?: SpanExporter;
  /** How long finished spans wait for a batch (ms). */
  scheduledDelayMs?: number;
}

/** Turns tracing on; returns how to flush and turn it off. Without an endpoint or exporter: off, null. */
export function startTracing(options: TracingOptions): { shutdown(): Promise<void> } | null {
  const exporter =
    options.exporter ?? (options.endpoint ? new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` }) : null);
  if (!exporter) return null;
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: options.scheduledDelayMs ?? 1000 })],
  });
  const mine = { tracer: provider.getTracer('marquee'), provider };
  active = mine;
  return {
    async shutdown() {
      if (active === mine) active = null;
      await provider.shutdown();
    },
  };
}

const propagator = new W3CTraceContextPropagator();

/** The context of an incoming `traceparent` (and `tracestate`), or the root context. */
export function extractParent(headers: Record<string, unknown>): TraceContext {
  return propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
}

/** Adds `traceparent` (and `tracestate`) of `span` to outgoing headers. */
export function injectTraceparent(span: Span, headers: Record<string, string>): void {
  propagator.inject(trace.setSpan(ROOT_CONTEXT, span), headers, defaultTextMapSetter);
}

/** The context whose active span is `span`: the parent of spans started under it. */
export function contextOf(span: Span): TraceContext {
  return trace.setSpan(ROOT_CONTEXT, span);
}

/** Ends `span` as failed with the error's type (not its message: messages may quote input). */
export function endFailed(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
  span.end();
}

/**
 * Runs `run` in an internal span named `name` when tracing is on (a background job's round); the span is
 * handed to `run` so that what it starts (statements, callbacks) can be its children.
 */
export async function traced<T>(name: string, attributes: Attributes, run: (span: Span | null) => Promise<T>): Promise<T> {
  const t = tracer();
  if (!t) return run(null);
  const span = t.startSpan(name, { kind: SpanKind.INTERNAL, attributes }, ROOT_CONTEXT);
  try {
    const result = await run(span);
    span.end();
    return result;
  } catch (error) {
    endFailed(span, error);
    throw error;
  }
}
