import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { aiAgents, aiClients, integrationConnections } from '../../db/schema';
import type { AiClientType } from 'shared-contracts';
import { badRequest } from '../../http/api-error';
import { isKnownVoice, providerVoicesOf } from '../voice-agent';

export const UNKNOWN_VOICE_TEXT = 'Choose a voice from the list';
export const NOT_A_CALENDAR_TEXT = 'Choose one of your connected calendars';
export const NOT_A_TEXT_CLIENT_TEXT = 'Choose an AI model';
export const NOT_AN_STT_CLIENT_TEXT = 'Choose a speech-to-text client';

async function isClientOfType(db: Db, id: string, type: AiClientType): Promise<boolean> {
  const [client] = await db.select({ id: aiClients.id }).from(aiClients).where(and(eq(aiClients.id, id), eq(aiClients.type, type)));
  return client !== undefined;
}

/**
 * A voice we offer: the catalogue's, one a TTS client's provider lists now, or the one the agent
 * already speaks with (its provider may be unreachable for a moment, which must not block an edit).
 */
async function isOfferedVoice(app: FastifyInstance, db: Db, voiceId: string, agentId: string | undefined): Promise<boolean> {
  if (isKnownVoice(voiceId)) return true;
  if ((await providerVoicesOf(app).all()).some((voice) => voice.id === voiceId)) return true;
  if (agentId === undefined) return false;
  const [agent] = await db.select({ voiceId: aiAgents.voiceId }).from(aiAgents).where(eq(aiAgents.id, agentId));
  return agent?.voiceId === voiceId;
}

/**
 * Checks what the contract cannot: the voice is one we offer, the model and speech-to-text
 * clients are of their kind, and a linked integration is a calendar (ownership and the
 * clients being enabled are already checked by the tenant resolver). `agentId`: the agent edited.
 */
export async function assertAgentLinks(
  app: FastifyInstance,
  db: Db,
  accountId: string,
  agentId: string | undefined,
  body: {
    voiceId?: string | undefined;
    calendarIntegrationId?: string | null | undefined;
    textClientId?: string | null | undefined;
    sttClientId?: string | null | undefined;
  },
): Promise<void> {
  if (body.voiceId !== undefined && !(await isOfferedVoice(app, db, body.voiceId, agentId))) throw badRequest(UNKNOWN_VOICE_TEXT);
  if (body.textClientId && !(await isClientOfType(db, body.textClientId, 'AI Client'))) throw badRequest(NOT_A_TEXT_CLIENT_TEXT);
  if (body.sttClientId && !(await isClientOfType(db, body.sttClientId, 'STT Client'))) throw badRequest(NOT_AN_STT_CLIENT_TEXT);
  if (body.calendarIntegrationId) {
    const [calendar] = await db.select({ id: integrationConnections.id }).from(integrationConnections)
      .where(and(
        eq(integrationConnections.id, body.calendarIntegrationId),
        eq(integrationConnections.accountId, accountId),
        eq(integrationConnections.category, 'calendar'),
      ));
    if (!calendar) throw badRequest(NOT_A_CALENDAR_TEXT);
  }
}
