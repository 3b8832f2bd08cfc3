import type { AiAgentSummary } from 'shared-contracts';
import type { aiAgents } from '../../db/schema';

type AiAgentRow = typeof aiAgents.$inferSelect;

export const toAiAgentSummary = (row: AiAgentRow): AiAgentSummary => ({
  id: row.id,
  name: row.name,
  handleCallType: row.handleCallType,
  phoneNumber: row.phoneNumber,
  campaignActive: row.campaignActive,
  campaignPausedReason: row.campaignPausedReason,
  createdAt: row.createdAt.toISOString(),
});
