import { listWebhookDeliveries, sendWebhookTest } from './webhook-deliveries';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints } from './webhook-endpoints';

export { accountEvents, eventIdOf, type AccountEvents } from './account-events';
export { deliverWebhook, webhookDeliveryJob } from './delivery-job';
export { resumeWebhookDeliveriesPlugin } from './resume-deliveries';

export const webhookEndpointsImpl = [listWebhookEndpoints, createWebhookEndpoint, deleteWebhookEndpoint, listWebhookDeliveries, sendWebhookTest];
export { raiseAppointmentBooked, raiseCallCompleted } from './raise-events';
