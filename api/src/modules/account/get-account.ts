import { contract } from 'shared-contracts';
import { implement } from '../../http/implement';
import { accountDetail } from './account-detail';

export const getAccount = implement(contract.account.getAccount, async ({ params, db }) => accountDetail(db, params.id));
