import { isDeepStrictEqual } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { AGENT_SETTING_NAMES, type AgentSettings } from 'shared-contracts';
import type { Db } from '../../db/client';
import { aiAgentVersions, aiAgents } from '../../db/schema';

type AiAgentRow = typeof aiAgents.$inferSelect;
/** A transaction or the database itself. */
type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

/** What a user edits on an agent, as a version keeps it: no ids, times, campaign state or secrets. */
export const settingsOf = (row: AiAgentRow): AgentSettings => ({
  name: row.name,
  handleCallType: row.handleCallType,
  greeting: row.greeting,
  prompt: row.prompt,
  voiceId: row.voiceId,
  textClientId: row.textClientId,
  sttClientId: row.sttClientId,
  language: row.language as AgentSettings['language'],
  speechPath: row.speechPath,
  phoneNumber: row.phoneNumber,
  transferNumber: row.transferNumber,
  knowledge: row.knowledge,
  squareLocationId: row.squareLocationId,
  calendarIntegrationId: row.calendarIntegrationId,
  maxCallMinutes: row.maxCallMinutes,
  recordCalls: row.recordCalls,
  workingHours: row.workingHours ?? null,
  bookingRules: row.bookingRules ?? null,
  customTools: row.customTools,
  analysisFields: row.analysisFields,
  successCriterion: row.successCriterion,
  temperature: row.temperature,
  maxReplyTokens: row.maxReplyTokens,
});

/** A stored value as JSON keeps it: JSONB drops undefined keys and orders object keys its own way. */
const asStored = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/** The names of the settings that differ between two states of an agent, in the settings' order. */
export const changedSettings = (before: Partial<AgentSettings>, after: Partial<AgentSettings>): string[] =>
  AGENT_SETTING_NAMES.filter((name) => !isDeepStrictEqual(asStored(before[name]), asStored(after[name])));

/**
 * An agent saved before versions were kept has no rows: its settings as they stand become the
 * version it is on, by nobody, so the history starts from what the agent ran on. Nothing when it
 * already has history (and a racing insert of the same row is ignored).
 */
export async function ensureBaselineVersion(tx: Tx, row: AiAgentRow): Promise<void> {
  const [any] = await tx.select({ id: aiAgentVersions.id }).from(aiAgentVersions)
    .where(eq(aiAgentVersions.aiAgentId, row.id)).limit(1);
  if (any) return;
  await tx.insert(aiAgentVersions).values({
    aiAgentId: row.id, accountId: row.accountId, version: row.version, settings: settingsOf(row), changed: [],
    userId: null, createdAt: row.updatedAt,
  }).onConflictDoNothing();
}

/** Version 1 of a new agent: every setting as created. */
export async function recordFirstVersion(tx: Tx, row: AiAgentRow, userId: string): Promise<void> {
  await tx.insert(aiAgentVersions).values({
    aiAgentId: row.id, accountId: row.accountId, version: row.version, settings: settingsOf(row), changed: [...AGENT_SETTING_NAMES], userId,
  });
}

/**
 * After a save (the agent row locked by the caller): when a setting changed, the agent moves to
 * its next version and that version is kept with the names of what changed. A save that changes
 * nothing makes no version. Answers the agent as it now stands.
 */
export async function recordSavedVersion(tx: Tx, before: AiAgentRow, after: AiAgentRow, userId: string): Promise<AiAgentRow> {
  const changed = changedSettings(settingsOf(before), settingsOf(after));
  if (changed.length === 0) return after;
  await ensureBaselineVersion(tx, before);
  const version = before.version + 1;
  const [bumped] = await tx.update(aiAgents).set({ version }).where(eq(aiAgents.id, after.id)).returning();
  await tx.insert(aiAgentVersions).values({
    aiAgentId: after.id, accountId: after.accountId, version, settings: settingsOf(bumped!), changed, userId,
  });
  return bumped!;
}

/** One kept version of an agent, or undefined. */
export async function findVersion(db: Tx, aiAgentId: string, version: number) {
  const [row] = await db.select().from(aiAgentVersions)
    .where(and(eq(aiAgentVersions.aiAgentId, aiAgentId), eq(aiAgentVersions.version, version)));
  return row;
}
