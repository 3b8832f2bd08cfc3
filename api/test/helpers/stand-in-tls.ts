import { readFileSync } from 'node:fs';
import { REPO_ROOT } from '../../src/paths';

/**
 * The speech stand-in's certificate and key, for a provider SDK that opens only wss:// URLs. The
 * test process trusts the certificate through NODE_EXTRA_CA_CERTS (the api package's test script).
 */
export const STAND_IN_TLS = {
  cert: readFileSync(new URL('shared-test-kit/certs/stand-in.pem', REPO_ROOT)),
  key: readFileSync(new URL('shared-test-kit/certs/stand-in.key', REPO_ROOT)),
};
