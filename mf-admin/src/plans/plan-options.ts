import { PLAN_IDS, planName } from 'shared-contracts';

export const PLAN_OPTIONS = PLAN_IDS.map((id) => ({ value: id, label: planName(id) }));
