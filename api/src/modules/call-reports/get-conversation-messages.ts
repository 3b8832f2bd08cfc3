import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { contract, type ConversationMessage } from 'shared-contracts';
import { aiAgents, calls, conversationMessages, conversations, leads, users } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { fullName } from '../users';

const agentUser = alias(users, 'agent_user');

export const getConversationMessages = implement(contract.conversation.getConversationMessages, async ({ body, db }) => {
  const [head] = await db.select({
    direction: calls.direction,
    aiAgent: { id: aiAgents.id, name: aiAgents.name },
    human: { id: agentUser.id, firstName: agentUser.firstName, lastName: agentUser.lastName },
    lead: { id: leads.id, fullName: leads.fullName, phoneNumber: leads.phoneNumber },
  })
    .from(conversations)
    .innerJoin(calls, eq(calls.id, conversations.callId))
    .leftJoin(aiAgents, eq(aiAgents.id, calls.aiAgentId))
    .leftJoin(agentUser, eq(agentUser.id, calls.agentUserId))
    .leftJoin(leads, eq(leads.id, calls.leadId))
    .where(eq(conversations.id, body.conversation_id));
  if (!head) throw notFound();

  const rows = await db.select().from(conversationMessages)
    .where(eq(conversationMessages.conversationId, body.conversation_id))
    .orderBy(asc(conversationMessages.at), asc(conversationMessages.id));

  const human = head.human ? { id: head.human.id, name: fullName(head.human) } : null;
  // Each turn names who spoke: the AI agent, the human agent who took over, or the caller.
  const messages = rows.map((row): ConversationMessage => ({
    id: row.id,
    authorType: row.authorType,
    content: row.content,
    createdAt: row.at.toISOString(),
    agent: row.authorType === 'ai' ? head.aiAgent : row.authorType === 'agent' ? human : null,
    lead: row.authorType === 'lead' ? head.lead : null,
  }));
  return { callDirection: head.direction, messages };
});
