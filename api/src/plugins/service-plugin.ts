import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * Lets a plugin's decorators reach the app instead of staying in its own encapsulated scope,
 * and names it in fastify's plugin tree. This is all `fastify-plugin` does for our use
 * (the two symbols are fastify's documented hooks), so we skip that dependency.
 */
export function servicePlugin(name: string, plugin: (app: FastifyInstance) => Promise<void>): FastifyPluginAsync {
  const fn = plugin as unknown as FastifyPluginAsync & Record<symbol, unknown>;
  fn[Symbol.for('skip-override')] = true;
  fn[Symbol.for('fastify.display-name')] = name;
  return fn;
}
