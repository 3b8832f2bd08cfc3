import type { FastifyInstance } from 'fastify';
import { localConnector, type IntegrationConnector } from './connector';

const connectors = new WeakMap<FastifyInstance, IntegrationConnector>();

/** The app's vendor connector: the local one until a vendor's own is configured. */
export function connectorOf(app: FastifyInstance): IntegrationConnector {
  let connector = connectors.get(app);
  if (!connector) connectors.set(app, (connector = localConnector(app.config.publicApiUrl)));
  return connector;
}
