import { PLAN_FEATURE_LABELS, type Plan } from 'shared-contracts';
import type { ReactNode } from 'react';
import { Typography, VisuallyHidden, formatMinutes } from 'shared-ui';
import { formatUsd } from '../model/plan-format';

// Plain glyphs rather than icons: a new icon in shared-ui would need every app rebuilt, since
// the page runs whichever copy of that singleton loaded first.
const Mark = ({ included }: { included: boolean }): ReactNode => (
  <span aria-hidden="true" style={{ color: included ? '#52c41a' : '#bfbfbf', marginRight: 8, fontWeight: 600 }}>{included ? '✓' : '✕'}</span>
);

export function PlanFeatures({ plan }: { plan: Plan }) {
  const { planFeature } = plan;
  return (
    <ul aria-label={`${plan.name} features`} style={{ listStyle: 'none', padding: 0, margin: 0, lineHeight: 2 }}>
      <li><Mark included />{formatMinutes(planFeature.minuteQuota)} included each month</li>
      <li><Mark included />{formatUsd(plan.overagePrice)} per minute over the quota</li>
      {PLAN_FEATURE_LABELS.map(([key, label]) => (planFeature[key] ? (
        <li key={key}><Mark included />{label}</li>
      ) : (
        <li key={key}>
          <Mark included={false} />
          <Typography.Text type="secondary" delete>{label}</Typography.Text>
          <VisuallyHidden> (not included)</VisuallyHidden>
        </li>
      )))}
    </ul>
  );
}
