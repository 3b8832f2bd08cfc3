import type { AiAgent } from 'shared-contracts';
import type { aiAgents } from '../../db/schema';
import { toAiAgentSummary } from './ai-agent-summary';
import { settingsOf } from './agent-versions';

type AiAgentRow = typeof aiAgents.$inferSelect;

/** A stored agent as the contract sends it: its summary, every setting a version keeps, and what only the server sets. */
export const toAiAgent = (row: AiAgentRow): AiAgent => ({
  ...toAiAgentSummary(row),
  ...settingsOf(row),
  toolSecretPrefix: row.toolSecretPrefix,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});
