import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Deleted, HttpUrl, NonEmpty, Secret, requestObject } from '../schemas/common';
import { IntegrationCatalogEntry, IntegrationConnection, IntegrationProviderSchema } from '../schemas/integrations';
import { INTEGRATION_AUTH_TYPE_BY_PROVIDER } from '../domain/integrations';

export const INTEGRATION_AUTH_MISMATCH_TEXT = 'This integration connects another way';

/** An API-key provider takes the key; an OAuth provider takes the code its consent page returned. */
export const ConnectIntegrationBody = v.pipe(
  v.variant('authType', [
    requestObject({ authType: v.literal('apiKey'), provider: IntegrationProviderSchema, apiKey: Secret('API key') }),
    requestObject({ authType: v.literal('oauth'), provider: IntegrationProviderSchema, code: NonEmpty('Authorization code', 4096), redirectUri: HttpUrl('Redirect URI') }),
  ], 'Choose how to connect: apiKey or oauth'),
  v.forward(
    v.check((b) => INTEGRATION_AUTH_TYPE_BY_PROVIDER[b.provider] === b.authType, INTEGRATION_AUTH_MISMATCH_TEXT),
    ['authType'],
  ),
);

export const DisconnectIntegrationBody = requestObject({
  connectionId: v.pipe(v.string('Choose a connection'), v.uuid('Choose a connection')),
});

export const integrationsContract = {
  listIntegrations: endpoint({
    method: 'GET', path: 'integrations', summary: 'Every provider the account may connect, with its connection if any',
    response: v.array(IntegrationCatalogEntry),
    roles: ['USER'], tenant: [],
  }),
  connect: endpoint({
    method: 'POST', path: 'integrations/connect', summary: 'Connect a provider (one CRM at a time: connecting a second CRM is refused)',
    idempotent: true,
    body: ConnectIntegrationBody, response: IntegrationConnection,
    roles: ['USER'], tenant: [],
  }),
  disconnect: endpoint({
    method: 'POST', path: 'integrations/disconnect', summary: 'Remove a connection and forget its credentials',
    body: DisconnectIntegrationBody, response: Deleted,
    roles: ['USER'], tenant: [{ in: 'body', key: 'connectionId', owns: 'integration' }],
  }),
} as const;
