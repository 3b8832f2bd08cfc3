import { contract } from 'shared-contracts';
import { implement } from '../../http/implement';
import { connectionRows, toCatalog } from './connections';
import { connectorOf } from './connector-of';

export const listIntegrations = implement(contract.integrations.listIntegrations, async ({ user, db, app }) =>
  toCatalog(await connectionRows(db, user.accountId), connectorOf(app)));
