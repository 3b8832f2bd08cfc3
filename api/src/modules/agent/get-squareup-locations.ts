import { and, eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { integrationConnections } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { implement } from '../../http/implement';
import { openIntegrationCredential, squareClientFor } from '../integrations';

export const SQUARE_UNAVAILABLE_TEXT = 'Square did not answer; try again later';

export const getSquareupLocations = implement(contract.agent.getSquareupLocations, async ({ params, db, request, app }) => {
  const [connection] = await db.select({ credential: integrationConnections.credential }).from(integrationConnections)
    .where(and(eq(integrationConnections.accountId, params.id), eq(integrationConnections.provider, 'squareup')));
  if (!connection) return { locations: [] };
  try {
    const credential = openIntegrationCredential(app.config.credentialsKey, params.id, 'squareup', connection.credential);
    return { locations: await squareClientFor(app.config.squareApiBase).listLocations(credential) };
  } catch (error) {
    request.log.warn({ err: error }, 'Square locations failed');
    throw new ApiError(502, 'InternalError', SQUARE_UNAVAILABLE_TEXT);
  }
});
