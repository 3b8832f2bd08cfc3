import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { servicePlugin } from '../service-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

/** Decorates `app.config` and `app.db`, which every later plugin reads. */
export const appContextPlugin = (config: Config, db: Db) =>
  servicePlugin('app-context', async (app) => {
    app.decorate('config', config);
    app.decorate('db', db);
  });
