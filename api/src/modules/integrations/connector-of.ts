import type { FastifyInstance } from 'fastify';
import { localConnector, type IntegrationConnector } from './connector';

const connectors = new WeakMap<object, IntegrationConnector>();

/** Puts a vendor's connector in front of `app`'s connect flow (its route plugins included) in place of the local one. */
export function useConnector(app: FastifyInstance, connector: IntegrationConnector): void {
  connectors.set(app, connector);
}

/** The app's vendor connector: the local one until a vendor's own is configured. */
export function connectorOf(app: FastifyInstance): IntegrationConnector {
  // A plugin's instance inherits from the app that registered it (fastify's encapsulation).
  for (let scope: object | null = app; scope !== null; scope = Object.getPrototypeOf(scope)) {
    const connector = connectors.get(scope);
    if (connector) return connector;
  }
  const connector = localConnector(app.config.publicApiUrl);
  connectors.set(app, connector);
  return connector;
}
