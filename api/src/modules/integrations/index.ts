import { connectIntegration } from './connect';
import { disconnectIntegration } from './disconnect';
import { getConnections } from './get-connections';
import { listIntegrations } from './list-integrations';

export { localConsentRoute } from './local-consent-route';

export const integrationEndpoints = [listIntegrations, getConnections, connectIntegration, disconnectIntegration];
