import { billingTimeZone, planName, type BillingInformation } from 'shared-contracts';
import { Alert, formatDate } from 'shared-ui';

/** A renewal charge that failed and is not paid yet: what happened, when the card is tried again, and what to do. */
export function PaymentFailureAlert({ info }: { info: BillingInformation }) {
  const failure = info.paymentFailure;
  if (failure === null) return null;
  const zone = billingTimeZone(info);
  const retry = failure.nextAttemptAt
    ? ` We will try your card again on ${formatDate(failure.nextAttemptAt, zone)}.`
    : ' No further attempt is scheduled.';
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={`Your payment failed on ${formatDate(failure.failedAt, zone)}`}
      description={`${retry.trim()} Update your card with Manage subscription to keep ${planName(info.plan)}.`}
    />
  );
}
