import { describe } from 'node:test';
import { databaseTargets } from './helpers/databases';
import { useTarget } from './helpers/suite-context';
import { accountsSuite } from './suites/accounts';
import { agentsSuite } from './suites/agents';
import { authSuite } from './suites/auth';
import { callsSuite } from './suites/calls';
import { httpBasicsSuite } from './suites/http-basics';
import { realtimeSuite } from './suites/realtime';
import { seedSuite } from './suites/seed';
import { tenantSuite } from './suites/tenant';
import { tenantResolversSuite } from './suites/tenant-resolvers';

// One process and one database per target for every suite: starting PGlite costs seconds,
// and each test makes its own rows with the factories, so sharing the database is safe.
for (const target of await databaseTargets()) {
  describe(`API on ${target.name}`, { skip: target.skip }, () => {
    const ctx = useTarget(target);
    seedSuite(ctx);
    httpBasicsSuite(ctx);
    authSuite(ctx);
    tenantSuite(ctx);
    tenantResolversSuite(ctx);
    accountsSuite(ctx);
    callsSuite(ctx);
    agentsSuite(ctx);
    realtimeSuite(ctx);
  });
}
