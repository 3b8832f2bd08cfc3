import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import {
  WEBHOOK_EVENT_DATA, WEBHOOK_EVENT_ID_HEADER, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPE_HEADER, WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TEST_EVENT, webhookEventSchema, type WebhookDeliveredType,
} from 'shared-contracts';

type Json = Record<string, unknown>;

const OUTPUT: ConversionConfig = { target: 'draft-2020-12', errorMode: 'ignore' };

const header = (name: string, description: string): Json => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });

const DELIVERY_HEADERS = [
  header(WEBHOOK_SIGNATURE_HEADER, '`t=<unix seconds>,v1=<hex HMAC-SHA256(endpoint secret, "<t>.<raw body>")>`: recompute it with the endpoint\'s secret and refuse a timestamp older than a few minutes'),
  header(WEBHOOK_EVENT_ID_HEADER, 'The event\'s id, the same on every retry of one event: drop a delivery you already have'),
  header(WEBHOOK_EVENT_TYPE_HEADER, 'The event type, as in the body\'s `type`'),
];

const labelOf = (type: WebhookDeliveredType): string =>
  type === WEBHOOK_TEST_EVENT ? 'Sent by "Send test event" to one endpoint, whatever it subscribes to' : WEBHOOK_EVENT_LABELS[type];

/**
 * The `webhooks` section (OpenAPI 3.1): one entry per event the contract delivers, its body
 * generated from the event's schema, so a new event is documented the moment the contract lists it.
 */
export function webhooksSection(): Json {
  const section: Json = {};
  for (const type of Object.keys(WEBHOOK_EVENT_DATA) as WebhookDeliveredType[]) {
    const { $schema: _dialect, ...schema } = toJsonSchema(webhookEventSchema(type), OUTPUT) as Json;
    section[type] = {
      post: {
        operationId: `webhook.${type}`,
        summary: labelOf(type),
        tags: ['webhooks'],
        parameters: DELIVERY_HEADERS,
        requestBody: { required: true, content: { 'application/json': { schema } } },
        responses: {
          '2XX': { description: 'The endpoint took the delivery' },
          default: { description: 'Any other answer, or none within the time limit, is retried with exponential backoff (ten retries from one minute, about a day in all)' },
        },
        // Deliveries are signed (the signature header), not authenticated by a scheme.
        security: [],
      },
    };
  }
  return section;
}
