import type { SUPPORT_CATEGORIES, SUPPORT_PRIORITIES, SUPPORT_STATUSES } from 'shared-contracts';

export const CATEGORY_LABELS: Record<(typeof SUPPORT_CATEGORIES)[number], string> = {
  billing: 'Billing', technical: 'Technical', account: 'Account', 'feature-request': 'Feature request', other: 'Other',
};
export const PRIORITY_LABELS: Record<(typeof SUPPORT_PRIORITIES)[number], string> = { low: 'Low', normal: 'Normal', high: 'High', urgent: 'Urgent' };
export const STATUS_LABELS: Record<(typeof SUPPORT_STATUSES)[number], string> = { open: 'Open', 'in-progress': 'In progress', resolved: 'Resolved', closed: 'Closed' };
