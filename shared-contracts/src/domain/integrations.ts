/** Integration providers the product connects to, and the CINC connection rule. */
export const INTEGRATION_CATEGORIES = ['crm', 'calendar', 'booking'] as const;
export type IntegrationCategory = (typeof INTEGRATION_CATEGORIES)[number];

export const INTEGRATION_PROVIDERS = [
  'cinc', 'follow-up-boss', 'hubspot', 'google-calendar', 'outlook-calendar', 'squareup',
] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];

export const INTEGRATION_CATEGORY_BY_PROVIDER: Record<IntegrationProvider, IntegrationCategory> = {
  cinc: 'crm',
  'follow-up-boss': 'crm',
  hubspot: 'crm',
  'google-calendar': 'calendar',
  'outlook-calendar': 'calendar',
  squareup: 'booking',
};

/** How a provider is connected: an API key pasted by the user, or the provider's OAuth consent. */
export const INTEGRATION_AUTH_TYPES = ['apiKey', 'oauth'] as const;
export type IntegrationAuthType = (typeof INTEGRATION_AUTH_TYPES)[number];
export const INTEGRATION_AUTH_TYPE_BY_PROVIDER: Record<IntegrationProvider, IntegrationAuthType> = {
  cinc: 'apiKey',
  'follow-up-boss': 'apiKey',
  hubspot: 'oauth',
  'google-calendar': 'oauth',
  'outlook-calendar': 'oauth',
  squareup: 'oauth',
};

/**
 * Where a booked appointment stands in one connected calendar: waiting to be sent (or being sent),
 * there, or refused by the calendar (the reason is kept and the next sync tries again).
 */
export const CALENDAR_EVENT_STATUSES = ['pending', 'synced', 'failed'] as const;
export type CalendarEventStatus = (typeof CALENDAR_EVENT_STATUSES)[number];

export const FETCH_CONNECTIONS_FAILED_TEXT = 'Failed to fetch connections';

export const CINC = 'cinc';
export type CincConnectionStatus = 'connected' | 'disconnected' | null;
export interface CrmRef { provider: string; id: string }

export const isCincCrm = (crm: CrmRef | null | undefined): boolean =>
  crm != null && (crm.provider === CINC || crm.id === CINC);

export type CincEvent =
  /** Connections were fetched: connected when the CRM is CINC, otherwise null. */
  | { type: 'fetched'; crm: CrmRef | null }
  /** The connected CRM was set or cleared locally. */
  | { type: 'crmChanged'; crm: CrmRef | null }
  /** The status is set explicitly. */
  | { type: 'set'; status: CincConnectionStatus }
  /** All integration state cleared. */
  | { type: 'cleared' };

/** The CINC CRM connection status, as a pure transition. */
export function nextCincStatus(previous: CincConnectionStatus, event: CincEvent): CincConnectionStatus {
  switch (event.type) {
    case 'fetched':
      return isCincCrm(event.crm) ? 'connected' : null;
    case 'crmChanged':
      if (isCincCrm(event.crm)) return 'connected';
      return previous === 'connected' ? 'disconnected' : previous;
    case 'set':
      return event.status;
    case 'cleared':
      return null;
  }
}

/** Adds a calendar integration unless one with the same id is already there. */
export const addCalendarIntegration = <T extends { id: string }>(list: readonly T[], item: T): T[] =>
  list.some((x) => x.id === item.id) ? [...list] : [...list, item];

export const removeCalendarIntegration = <T extends { id: string }>(list: readonly T[], id: string): T[] =>
  list.filter((x) => x.id !== id);

export interface IntegrationCatalogueItem {
  provider: IntegrationProvider;
  name: string;
  description: string;
}

/**
 * What the product offers to connect, in the order the integrations screen lists it. The one
 * source of truth for names and descriptions: the API serves it from `GET integrations`.
 */
export const INTEGRATION_CATALOGUE: readonly IntegrationCatalogueItem[] = [
  { provider: 'cinc', name: 'CINC', description: 'Send the leads your AI agents talk to into your CINC CRM.' },
  { provider: 'follow-up-boss', name: 'Follow Up Boss', description: 'Create and update Follow Up Boss contacts from calls.' },
  { provider: 'hubspot', name: 'HubSpot', description: 'Log calls and contacts in HubSpot CRM.' },
  { provider: 'google-calendar', name: 'Google Calendar', description: 'Let AI agents book appointments in a Google Calendar.' },
  { provider: 'outlook-calendar', name: 'Outlook Calendar', description: 'Let AI agents book appointments in an Outlook calendar.' },
  { provider: 'squareup', name: 'Square Appointments', description: 'Book into Square Appointments at your locations.' },
];

export const INTEGRATION_CATEGORY_TITLES: Record<IntegrationCategory, string> = {
  crm: 'CRM',
  calendar: 'Calendars',
  booking: 'Booking',
};

export const integrationName = (provider: string): string =>
  INTEGRATION_CATALOGUE.find((item) => item.provider === provider)?.name ?? provider;

/** Only one CRM may be connected at a time (integrations/connect refuses a second one). */
export const crmConflictText = (connectedProvider: string): string =>
  `Disconnect ${integrationName(connectedProvider)} before connecting another CRM`;
