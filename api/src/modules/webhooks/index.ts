import { listWebhookDeliveries, sendWebhookTest } from './webhook-deliveries';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints, updateWebhookEndpoint } from './webhook-endpoints';

export { accountEvents, eventIdOf, type AccountEvents } from './account-events';
export { deliverWebhook, webhookDeliveryJob } from './delivery-job';
export { resumeWebhookDeliveriesPlugin } from './resume-deliveries';

export const webhookEndpointsImpl = [listWebhookEndpoints, createWebhookEndpoint, updateWebhookEndpoint, deleteWebhookEndpoint, listWebhookDeliveries, sendWebhookTest];
export { raiseAnalysisCompleted, raiseAppointmentBooked, raiseCallCompleted, raiseCallFailed, raiseCallStarted } from './raise-events';
