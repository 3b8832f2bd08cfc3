import { and, desc, eq } from 'drizzle-orm';
import { contract, type AgentSettings, type AgentVersionSummary } from 'shared-contracts';
import type { Db } from '../../db/client';
import { aiAgentVersions, aiAgents, users } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { ensureBaselineVersion } from './agent-versions';

const versionColumns = {
  version: aiAgentVersions.version,
  changed: aiAgentVersions.changed,
  createdAt: aiAgentVersions.createdAt,
  settings: aiAgentVersions.settings,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

type VersionRow = { version: number; changed: string[]; createdAt: Date; firstName: string | null; lastName: string | null; email: string | null };

const toSummary = (row: VersionRow, currentVersion: number): AgentVersionSummary => ({
  version: row.version,
  changed: row.changed,
  createdAt: row.createdAt.toISOString(),
  savedBy: row.email === null ? null : { name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.email, email: row.email },
  current: row.version === currentVersion,
});

/** The agent, with its history begun if it was made before versions were kept. */
async function agentWithHistory(db: Db, agentId: string) {
  const [agent] = await db.select().from(aiAgents).where(eq(aiAgents.id, agentId));
  if (!agent) throw notFound();
  await ensureBaselineVersion(db, agent);
  return agent;
}

export const getAgentVersions = implement(contract.agentVersion.getAgentVersions, async ({ params, db }) => {
  const agent = await agentWithHistory(db, params.agentId);
  const rows = await db.select(versionColumns).from(aiAgentVersions).leftJoin(users, eq(users.id, aiAgentVersions.userId))
    .where(eq(aiAgentVersions.aiAgentId, agent.id)).orderBy(desc(aiAgentVersions.version));
  return rows.map((row) => toSummary(row, agent.version));
});

export const getAgentVersion = implement(contract.agentVersion.getAgentVersion, async ({ params, query, db }) => {
  const agent = await agentWithHistory(db, params.agentId);
  const [row] = await db.select(versionColumns).from(aiAgentVersions).leftJoin(users, eq(users.id, aiAgentVersions.userId))
    .where(and(eq(aiAgentVersions.aiAgentId, agent.id), eq(aiAgentVersions.version, query.version)));
  if (!row) throw notFound();
  return { ...toSummary(row, agent.version), settings: row.settings as AgentSettings };
});
