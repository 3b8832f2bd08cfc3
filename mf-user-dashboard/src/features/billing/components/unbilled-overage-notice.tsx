import { billingTimeZone, type BillingInformation } from 'shared-contracts';
import { Alert } from 'shared-ui';
import { formatUsd } from '../model/plan-format';

const monthText = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone });

/** Closed months' minutes over the quota, reported to the payment provider and billed on the next invoice. */
export function UnbilledOverageNotice({ info }: { info: BillingInformation }) {
  if (info.unbilledOverage.length === 0) return null;
  const zone = billingTimeZone(info);
  const total = info.unbilledOverage.reduce((sum, o) => sum + o.amount, 0);
  const months = info.unbilledOverage.map((o) => `${o.minutes.toLocaleString('en-US')} minutes in ${monthText(o.monthStart, zone)} (${formatUsd(o.amount)})`);
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={`${formatUsd(total)} of overage is added to your next invoice`}
      description={`Minutes over your plan's quota: ${months.join('; ')}.`}
    />
  );
}
