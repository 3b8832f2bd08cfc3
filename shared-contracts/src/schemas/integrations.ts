import * as v from 'valibot';
import { Id, IsoDateTime } from './common';
import {
  INTEGRATION_AUTH_TYPES, INTEGRATION_CATEGORIES, INTEGRATION_PROVIDERS,
} from '../domain/integrations';

export const IntegrationProviderSchema = v.picklist(INTEGRATION_PROVIDERS, 'Choose an integration');
export const IntegrationCategorySchema = v.picklist(INTEGRATION_CATEGORIES);

/** One connection of the account to a provider. */
export const IntegrationConnection = v.object({
  id: Id,
  provider: IntegrationProviderSchema,
  category: IntegrationCategorySchema,
  /** `error`: the provider refused the stored credentials; the user should reconnect. */
  status: v.picklist(['active', 'error']),
  /** Who or what is connected, as the provider names it (an email, a workspace). */
  accountLabel: v.nullable(v.string()),
  connectedAt: IsoDateTime,
});
export type IntegrationConnection = v.InferOutput<typeof IntegrationConnection>;

/** The CRM reference is compared by provider or id, so both are plain text. */
export const CrmIntegrationRef = v.object({ id: v.string(), provider: v.string() });
export const CalendarIntegrationRef = v.object({ id: v.string(), provider: v.string(), accountLabel: v.nullable(v.string()) });
export type CalendarIntegrationRef = v.InferOutput<typeof CalendarIntegrationRef>;

export const IntegrationConnections = v.object({
  connectedCRMIntegration: v.nullable(CrmIntegrationRef),
  connectedCalendarIntegrations: v.array(CalendarIntegrationRef),
  allConnections: v.array(IntegrationConnection),
  /** Keyed by category; a category with no connection is absent. */
  connectionsByCategory: v.record(v.string(), v.array(IntegrationConnection)),
});
export type IntegrationConnections = v.InferOutput<typeof IntegrationConnections>;

/** What the client keeps when a fetch fails or the state is cleared. */
export const emptyConnections = (): IntegrationConnections => ({
  connectedCRMIntegration: null,
  connectedCalendarIntegrations: [],
  allConnections: [],
  connectionsByCategory: {},
});

/** One provider the account may connect, with whether it is connected. */
export const IntegrationCatalogEntry = v.object({
  provider: IntegrationProviderSchema,
  name: v.string(),
  category: IntegrationCategorySchema,
  description: v.string(),
  logoUrl: v.nullable(v.string()),
  authType: v.picklist(INTEGRATION_AUTH_TYPES),
  /** For OAuth providers: where to send the user for consent; the provider returns a `code`. */
  authorizeUrl: v.nullable(v.string()),
  connectionId: v.nullable(Id),
});
export type IntegrationCatalogEntry = v.InferOutput<typeof IntegrationCatalogEntry>;
