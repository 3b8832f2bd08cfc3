import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiClients, integrationConnections } from '../../db/schema';
import type { AiClientType } from 'shared-contracts';
import { badRequest } from '../../http/api-error';
import { isKnownVoice } from '../voice-agent';

export const UNKNOWN_VOICE_TEXT = 'Choose a voice from the list';
export const NOT_A_CALENDAR_TEXT = 'Choose one of your connected calendars';
export const NOT_A_TEXT_CLIENT_TEXT = 'Choose an AI model';
export const NOT_AN_STT_CLIENT_TEXT = 'Choose a speech-to-text client';

async function isClientOfType(db: Db, id: string, type: AiClientType): Promise<boolean> {
  const [client] = await db.select({ id: aiClients.id }).from(aiClients).where(and(eq(aiClients.id, id), eq(aiClients.type, type)));
  return client !== undefined;
}

/**
 * Checks what the contract cannot: the voice is one we offer, the model and speech-to-text
 * clients are of their kind, and a linked integration is a calendar (ownership and the
 * clients being enabled are already checked by the tenant resolver).
 */
export async function assertAgentLinks(
  db: Db,
  accountId: string,
  body: {
    voiceId?: string | undefined;
    calendarIntegrationId?: string | null | undefined;
    textClientId?: string | null | undefined;
    sttClientId?: string | null | undefined;
  },
): Promise<void> {
  if (body.voiceId !== undefined && !isKnownVoice(body.voiceId)) throw badRequest(UNKNOWN_VOICE_TEXT);
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
