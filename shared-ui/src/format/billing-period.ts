import { billingTimeZone } from 'shared-contracts';
import { formatDate } from './date-time';

export interface BillingPeriod {
  periodStart: string;
  periodEnd: string;
  /** The account's time zone, which the period runs on. */
  timeZone: string;
}

/**
 * A billing period as every user of the account reads it: on the account's clock, saying so
 * when that is not the viewer's own (docs/decisions/0602).
 */
export function formatBillingPeriod(period: BillingPeriod, viewerTimeZone: string | undefined): string {
  const zone = billingTimeZone(period);
  const dates = `${formatDate(period.periodStart, zone)} – ${formatDate(period.periodEnd, zone)}`;
  return zone === viewerTimeZone ? dates : `${dates}, in the account's time zone (${zone})`;
}
