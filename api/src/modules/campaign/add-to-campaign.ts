import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { CAMPAIGN_FULL_TEXT, CAMPAIGN_MAX_LEADS, CAMPAIGN_NEEDS_OUTBOUND_TEXT } from 'shared-contracts';
import { lockAccount } from '../../db/account-lock';
import type { Db } from '../../db/client';
import { aiAgents, campaignLeads, leads } from '../../db/schema';
import { badRequest, notFound } from '../../http/api-error';
import type { CsvLead } from './leads-csv';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows per statement: a 5,000-lead CSV is written in a few statements, not one huge one. */
const CHUNK = 500;
const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

export interface Added { added: number; alreadyInCampaign: number; created: number; campaignActive: boolean }

/**
 * Locks the agent (so two uploads at once count the campaign's size one after the other) and
 * refuses an agent that takes only inbound calls.
 */
async function lockOutboundAgent(tx: Tx, agentId: string) {
  const [agent] = await tx.select({ accountId: aiAgents.accountId, handleCallType: aiAgents.handleCallType, campaignActive: aiAgents.campaignActive })
    .from(aiAgents).where(eq(aiAgents.id, agentId)).for('no key update');
  if (!agent) throw notFound();
  if (agent.handleCallType === 'inbound') throw badRequest(CAMPAIGN_NEEDS_OUTBOUND_TEXT);
  return agent;
}

/** Puts leads in the campaign; leads already in it keep their state. Refused whole when the campaign would pass its size. */
async function enqueue(tx: Tx, agentId: string, accountId: string, leadIds: readonly string[]): Promise<{ added: number; alreadyInCampaign: number }> {
  const present = new Set<string>();
  for (const part of chunks(leadIds)) {
    const rows = await tx.select({ leadId: campaignLeads.leadId }).from(campaignLeads)
      .where(and(eq(campaignLeads.aiAgentId, agentId), inArray(campaignLeads.leadId, part)));
    for (const row of rows) present.add(row.leadId);
  }
  const fresh = leadIds.filter((id) => !present.has(id));
  const [size] = await tx.select({ n: count() }).from(campaignLeads).where(eq(campaignLeads.aiAgentId, agentId));
  if ((size?.n ?? 0) + fresh.length > CAMPAIGN_MAX_LEADS) throw badRequest(CAMPAIGN_FULL_TEXT);
  for (const part of chunks(fresh)) {
    await tx.insert(campaignLeads).values(part.map((leadId) => ({ aiAgentId: agentId, leadId, accountId }))).onConflictDoNothing();
  }
  return { added: fresh.length, alreadyInCampaign: leadIds.length - fresh.length };
}

/** Existing leads of the account, picked in the app. Another account's lead is "not found". */
export async function addLeadsToCampaign(db: Db, agentId: string, accountId: string, leadIds: readonly string[]): Promise<Added> {
  const ids = [...new Set(leadIds)];
  return db.transaction(async (tx) => {
    const agent = await lockOutboundAgent(tx, agentId);
    const owned = await tx.select({ id: leads.id }).from(leads).where(and(inArray(leads.id, ids), eq(leads.accountId, accountId)));
    if (owned.length !== ids.length) throw notFound();
    return { ...(await enqueue(tx, agentId, agent.accountId, ids)), created: 0, campaignActive: agent.campaignActive };
  });
}

/**
 * A CSV's leads: a number the account already has a lead for reuses that lead (given the CSV's
 * time zone if it had none); the others become new leads of the account. All or nothing.
 */
export async function addCsvLeadsToCampaign(db: Db, agentId: string, accountId: string, rows: readonly CsvLead[]): Promise<Added> {
  return db.transaction(async (tx) => {
    const agent = await lockOutboundAgent(tx, agentId);
    // A lead made alongside (by hand or by another upload) is found below instead of doubled.
    await lockAccount(tx, 'leadNumbers', accountId);
    const byPhone = new Map<string, { id: string; timeZone: string | null }>();
    for (const part of chunks(rows.map((r) => r.phoneNumber))) {
      const found = await tx.select({ id: leads.id, phoneNumber: leads.phoneNumber, timeZone: leads.timeZone }).from(leads)
        .where(and(eq(leads.accountId, accountId), inArray(leads.phoneNumber, part))).orderBy(leads.createdAt);
      for (const lead of found) if (!byPhone.has(lead.phoneNumber)) byPhone.set(lead.phoneNumber, lead);
    }
    const missing = rows.filter((r) => !byPhone.has(r.phoneNumber));
    for (const part of chunks(missing)) {
      const made = await tx.insert(leads).values(part.map((r) => ({
        accountId, fullName: r.fullName, phoneNumber: r.phoneNumber, email: r.email, timeZone: r.timeZone,
      }))).returning({ id: leads.id, phoneNumber: leads.phoneNumber, timeZone: leads.timeZone });
      for (const lead of made) byPhone.set(lead.phoneNumber, lead);
    }
    for (const row of rows) {
      const lead = byPhone.get(row.phoneNumber)!;
      if (row.timeZone !== null && lead.timeZone === null) {
        await tx.update(leads).set({ timeZone: row.timeZone }).where(and(eq(leads.id, lead.id), isNull(leads.timeZone)));
      }
    }
    const ids = rows.map((r) => byPhone.get(r.phoneNumber)!.id);
    return { ...(await enqueue(tx, agentId, agent.accountId, ids)), created: missing.length, campaignActive: agent.campaignActive };
  });
}
