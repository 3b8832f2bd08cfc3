import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Deleted, HttpUrl, Id, IsoDateTime, NOTHING_TO_UPDATE_TEXT, requestObject, strictRequestObject } from '../schemas/common';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '../domain/webhooks';

export const WebhookEventTypeSchema = v.picklist(WEBHOOK_EVENTS, 'Choose an event');

const EndpointUrl = v.pipe(HttpUrl('Endpoint URL'), v.maxLength(2000, 'Endpoint URL is too long'));
const EventChoice = v.pipe(
  v.array(WebhookEventTypeSchema, 'Choose at least one event'),
  v.minLength(1, 'Choose at least one event'),
  v.transform((events) => [...new Set(events)]),
);

export const CreateWebhookBody = requestObject({
  url: EndpointUrl,
  events: EventChoice,
});

/** A new URL, a new choice of events, or both; the secret stays. */
const webhookUpdate = v.partial(strictRequestObject({ url: EndpointUrl, events: EventChoice }));
export const UpdateWebhookBody = v.pipe(
  webhookUpdate,
  v.check<v.InferOutput<typeof webhookUpdate>, typeof NOTHING_TO_UPDATE_TEXT>(
    (body) => body.url !== undefined || body.events !== undefined,
    NOTHING_TO_UPDATE_TEXT,
  ),
);

/** An endpoint as listed: its secret is never returned after creation, only its first characters. */
export const WebhookEndpoint = v.object({
  id: Id,
  url: v.string(),
  events: v.array(WebhookEventTypeSchema),
  secretPrefix: v.string(),
  createdAt: IsoDateTime,
});
export type WebhookEndpoint = v.InferOutput<typeof WebhookEndpoint>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One event to one endpoint: its attempts so far and what the endpoint last answered. */
export const WebhookDelivery = v.object({
  id: Id,
  endpointId: Id,
  endpointUrl: v.string(),
  eventId: v.string(),
  eventType: v.picklist([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT]),
  /** `failed`: the last attempt failed; it is retried until its day of retries is over. */
  status: v.picklist(WEBHOOK_DELIVERY_STATUSES),
  attempts: v.number(),
  lastStatusCode: v.nullable(v.number()),
  /** The start of the endpoint's last answer, or why there was none. */
  lastResponse: v.nullable(v.string()),
  lastAttemptAt: v.nullable(IsoDateTime),
  createdAt: IsoDateTime,
});
export type WebhookDelivery = v.InferOutput<typeof WebhookDelivery>;

export const webhookContract = {
  list: endpoint({
    method: 'GET', path: 'webhook/list', summary: 'The account\'s webhook endpoints, newest first',
    response: v.array(WebhookEndpoint),
    roles: ['USER'], tenant: [], publicApi: true,
  }),
  create: endpoint({
    method: 'POST', path: 'webhook/create',
    idempotent: true,
    summary: 'Register an endpoint for some events; its signing secret is in this response only and is never shown again',
    body: CreateWebhookBody,
    response: v.object({ endpoint: WebhookEndpoint, secret: v.string() }),
    roles: ['USER'], tenant: [], publicApi: true,
  }),
  update: endpoint({
    method: 'PATCH', path: 'webhook/{id}', summary: 'Change an endpoint\'s URL or events; its secret and delivery log stay',
    params: v.object({ id: Id }), body: UpdateWebhookBody, response: WebhookEndpoint,
    roles: ['USER'], tenant: [{ in: 'params', key: 'id', owns: 'webhookEndpoint' }], publicApi: true,
  }),
  delete: endpoint({
    method: 'DELETE', path: 'webhook/{id}', summary: 'Remove an endpoint; it gets no further deliveries',
    params: v.object({ id: Id }), response: Deleted,
    roles: ['USER'], tenant: [{ in: 'params', key: 'id', owns: 'webhookEndpoint' }], publicApi: true,
  }),
  deliveries: endpoint({
    method: 'GET', path: 'webhook/deliveries', summary: 'The latest deliveries to the account\'s endpoints (or to one), newest first',
    query: v.object({ endpointId: v.optional(Id) }),
    response: v.array(WebhookDelivery),
    roles: ['USER'], tenant: [{ in: 'query', key: 'endpointId', owns: 'webhookEndpoint', whenPresent: true }],
  }),
  sendTest: endpoint({
    method: 'POST', path: 'webhook/test/{id}', summary: 'Queue a signed `webhook.test` event to one endpoint',
    params: v.object({ id: Id }), response: WebhookDelivery,
    roles: ['USER'], tenant: [{ in: 'params', key: 'id', owns: 'webhookEndpoint' }],
  }),
} as const;
