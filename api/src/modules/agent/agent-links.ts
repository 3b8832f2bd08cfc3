import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { integrationConnections } from '../../db/schema';
import { badRequest } from '../../http/api-error';
import { isKnownVoice } from './voice-catalog';

export const UNKNOWN_VOICE_TEXT = 'Choose a voice from the list';
export const NOT_A_CALENDAR_TEXT = 'Choose one of your connected calendars';

/**
 * Checks what the contract cannot: the voice is one we offer and a linked integration is a
 * calendar (its ownership is already checked by the tenant resolver).
 */
export async function assertAgentLinks(
  db: Db,
  accountId: string,
  body: { voiceId?: string | undefined; calendarIntegrationId?: string | null | undefined },
): Promise<void> {
  if (body.voiceId !== undefined && !isKnownVoice(body.voiceId)) throw badRequest(UNKNOWN_VOICE_TEXT);
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
