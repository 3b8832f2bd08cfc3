import * as v from 'valibot';
import { endpoint } from './endpoint';
import { PageInput, SearchText } from '../schemas/common';
import { AccountListEntry, PlanIdSchema } from '../schemas/entities';

export const accountContract = {
  getAllAccounts: endpoint({
    method: 'POST', path: 'account/get-all-accounts', summary: 'Every account, filtered and paged (administrators)',
    body: v.object({ ...PageInput, search: SearchText, plan: v.optional(PlanIdSchema) }),
    response: v.array(AccountListEntry), paged: true,
    roles: ['ADMINISTRATOR'], tenant: [],
  }),
} as const;
