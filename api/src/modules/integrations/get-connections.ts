import { contract } from 'shared-contracts';
import { implement } from '../../http/implement';
import { connectionRows, toConnections } from './connections';

export const getConnections = implement(contract.account.getConnections, async ({ params, db }) =>
  ({ data: toConnections(await connectionRows(db, params.accountId)) }));
