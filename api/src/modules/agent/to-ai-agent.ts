import type { AiAgent } from 'shared-contracts';
import type { aiAgents } from '../../db/schema';
import { toAiAgentSummary } from './ai-agent-summary';

type AiAgentRow = typeof aiAgents.$inferSelect;

/** A stored agent as the contract sends it, every setting included. */
export const toAiAgent = (row: AiAgentRow): AiAgent => ({
  ...toAiAgentSummary(row),
  greeting: row.greeting,
  prompt: row.prompt,
  voiceId: row.voiceId,
  textClientId: row.textClientId,
  sttClientId: row.sttClientId,
  language: row.language as AiAgent['language'],
  transferNumber: row.transferNumber,
  knowledge: row.knowledge,
  squareLocationId: row.squareLocationId,
  calendarIntegrationId: row.calendarIntegrationId,
  maxCallMinutes: row.maxCallMinutes,
  recordCalls: row.recordCalls,
  workingHours: row.workingHours ?? null,
  bookingRules: row.bookingRules ?? null,
  customTools: row.customTools,
  toolSecretPrefix: row.toolSecretPrefix,
  analysisFields: row.analysisFields,
  successCriterion: row.successCriterion,
  temperature: row.temperature,
  maxReplyTokens: row.maxReplyTokens,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});
