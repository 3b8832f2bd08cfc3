import { FREE_PLAN_AGENT_LIMIT, PLAN_IDS, planName, type AuditEntry, type PlanId } from 'shared-contracts';

const isPlan = (value: unknown): value is PlanId => typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);

function valueText(field: string, value: unknown): string {
  if (field === 'plan' && isPlan(value)) return planName(value);
  if (field === 'agentCapOverride') return value === null ? `default (${FREE_PLAN_AGENT_LIMIT})` : String(value);
  if (value === null || value === undefined || value === '') return 'none';
  return String(value);
}

function fieldText(field: string): string {
  if (field === 'name') return 'Name';
  if (field === 'plan') return 'Plan';
  if (field === 'agentCapOverride') return 'Free plan agent cap';
  // Users' fields are recorded as "<email> role" and "<email> twilio_number".
  return field.replace(/ twilio_number$/, ' Twilio number');
}

/** One line per changed field: "Plan: Free → Performance Suite". */
export const changeLines = (changes: AuditEntry['changes']): string[] =>
  Object.entries(changes).map(([field, { from, to }]) => `${fieldText(field)}: ${valueText(field, from)} → ${valueText(field, to)}`);
