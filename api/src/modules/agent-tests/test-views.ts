import type { AgentTestRun, AgentTestScenario } from 'shared-contracts';
import type { agentTestRuns, agentTestScenarios } from '../../db/schema';

export const toTestScenario = (row: typeof agentTestScenarios.$inferSelect): AgentTestScenario => ({
  id: row.id, aiAgentId: row.aiAgentId, name: row.name, script: row.script, expectations: row.expectations, updatedAt: row.updatedAt.toISOString(),
});

export const toTestRun = (row: typeof agentTestRuns.$inferSelect): AgentTestRun => ({
  id: row.id,
  aiAgentId: row.aiAgentId,
  agentVersion: row.aiAgentVersion,
  status: row.status as AgentTestRun['status'],
  total: row.total,
  passed: row.passed,
  failed: row.failed,
  results: row.results,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});
