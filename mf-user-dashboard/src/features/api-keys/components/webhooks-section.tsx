import { PageCard, Typography } from 'shared-ui';
import { CreateWebhookForm } from './create-webhook-form';
import { WebhookDeliveriesTable } from './webhook-deliveries-table';
import { WebhookEndpointsTable } from './webhook-endpoints-table';

/** Outgoing webhooks on the API integration page: endpoints, how deliveries are signed, and the delivery log. */
export function WebhooksSection() {
  return (
    <>
      <PageCard title="Webhooks">
        <Typography.Paragraph>
          We POST each event as JSON to your endpoints. Every delivery carries{' '}
          <Typography.Text code>X-Webhook-Signature: t=&lt;unix time&gt;,v1=&lt;signature&gt;</Typography.Text>, where the signature is the hex
          HMAC-SHA256 of <Typography.Text code>&lt;t&gt;.&lt;raw body&gt;</Typography.Text> keyed with the endpoint&apos;s secret, and{' '}
          <Typography.Text code>X-Webhook-Event-Id</Typography.Text>, the same on every retry of one event. Answer with a 2xx within 10 seconds;
          other answers are retried with growing delays for about a day.
        </Typography.Paragraph>
        <CreateWebhookForm />
      </PageCard>
      <PageCard title="Your webhook endpoints"><WebhookEndpointsTable /></PageCard>
      <PageCard title="Webhook deliveries"><WebhookDeliveriesTable /></PageCard>
    </>
  );
}
