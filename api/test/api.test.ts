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
import { aiClientsSuite } from './suites/ai-clients';
import { accountAdminSuite } from './suites/account-admin';
import { aiCallSupportsSuite } from './suites/ai-call-supports';
import { knowledgeSuite } from './suites/knowledge';
import { callConversationsSuite } from './suites/call-conversations';
import { reportsSuite } from './suites/reports';
import { preferencesSuite } from './suites/preferences';
import { businessSuite } from './suites/business';
import { supportSuite } from './suites/support';
import { apiKeysSuite } from './suites/api-keys';
import { telephonySimulatorSuite } from './suites/telephony-simulator';
import { telephonyTwilioSuite } from './suites/telephony-twilio';
import { dialerSettingSuite } from './suites/dialer-setting';
import { authFlowsSuite } from './suites/auth-flows';
import { authAttacksSuite } from './suites/auth-attacks';
import { googleSignInSuite } from './suites/google-sign-in';
import { usersAccountSuite } from './suites/users-account';

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
    aiClientsSuite(ctx);
    accountAdminSuite(ctx);
    aiCallSupportsSuite(ctx);
    knowledgeSuite(ctx);
    callConversationsSuite(ctx);
    reportsSuite(ctx);
    preferencesSuite(ctx);
    businessSuite(ctx);
    supportSuite(ctx);
    apiKeysSuite(ctx);
    telephonySimulatorSuite(ctx);
    telephonyTwilioSuite(ctx);
    dialerSettingSuite(ctx);
    authFlowsSuite(ctx);
    authAttacksSuite(ctx);
    googleSignInSuite(ctx);
    usersAccountSuite(ctx);
  });
}
