import { trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance } from 'fastify';

/**
 * Exports the spans the call sessions write (voice-agent/session/call-trace) over OTLP/HTTP to
 * a team's own tracing system. Off unless an endpoint is configured: the OpenTelemetry API
 * then costs nothing. Spans still queued are sent as the server closes.
 */
export function registerTracing(app: FastifyInstance, otlpTracesUrl: string | undefined): void {
  if (otlpTracesUrl === undefined) return;
  const provider = new BasicTracerProvider({
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: otlpTracesUrl }), { scheduledDelayMillis: 1_000 })],
  });
  trace.setGlobalTracerProvider(provider);
  app.log.info({ otlpTracesUrl }, 'call spans exported over OTLP');
  app.addHook('onClose', async () => {
    await provider.shutdown().catch((err: unknown) => app.log.warn({ err }, 'OTLP span export did not finish'));
    trace.disable();
  });
}
