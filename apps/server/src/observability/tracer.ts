import { SpanStatusCode, trace, type Span } from '@opentelemetry/api';

/**
 * The application's own spans (job runs, outgoing mail). Without a tracer provider (no
 * OTEL_EXPORTER_OTLP_ENDPOINT) the API hands out no-op spans: nothing is recorded or sent.
 */
export const tracer = trace.getTracer('lokaler');

/** Marks the span failed with the error's type and message (not its stack: that stays in the log). */
export function recordFailure(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  if (error instanceof Error) span.recordException({ name: error.name, message: error.message });
}
