import { createHash } from 'node:crypto';
import type { IntegrationProvider } from 'shared-contracts';
import type { Db } from '../../db/client';
import { localCalendarEvents } from '../../db/schema';
import type { CalendarClient } from './calendar-client';

/**
 * The calendar a locally connected account books into (its token came from the local consent
 * page, so no vendor knows it): events are kept in our own database, keyed like Google's by the
 * sender's key, so sending the same event again stores it once.
 */
export function localCalendarClient(db: Db, provider: IntegrationProvider): CalendarClient {
  return {
    async createEvent(credential, event) {
      await db.insert(localCalendarEvents).values({
        id: event.key,
        calendarKey: localCalendarKey(credential),
        provider,
        summary: event.summary,
        description: event.description,
        startLocal: event.start,
        endLocal: event.end,
        timeZone: event.timeZone,
      }).onConflictDoNothing();
      return { eventId: event.key };
    },
  };
}

/** Names a local calendar without keeping its token in the clear. */
export const localCalendarKey = (credential: string): string => createHash('sha256').update(credential).digest('hex').slice(0, 32);
