import { listWebhookDeliveries, sendWebhookTest } from './webhook-deliveries';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints, updateWebhookEndpoint } from './webhook-endpoints';

export { accountEvents, eventIdOf, type AccountEvents } from './account-events';
export { deliverWebhook, webhookDeliveryJob } from './delivery-job';
export { resumeWebhookDeliveriesPlugin } from './resume-deliveries';

export const webhookEndpointsImpl = [listWebhookEndpoints, createWebhookEndpoint, updateWebhookEndpoint, deleteWebhookEndpoint, listWebhookDeliveries, sendWebhookTest];
export { raiseAnalysisCompleted, raiseAppointmentBooked, raiseCallCompleted, raiseCallFailed, raiseCallStarted } from './raise-events';
/** The address policy and signature webhooks use, shared with an AI agent's custom tools. */
export { addressPolicyFor, refusalOf, type AddressPolicy } from './address-policy';
export { publicOnlyLookup } from './post-webhook';
export { signatureHeader } from './signature';
