import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Id, PageInput, requestObject, SearchText } from '../schemas/common';

/** A lead of the account: someone who called, was called, or came in a CSV. */
export const LeadListItem = v.object({
  id: Id,
  fullName: v.string(),
  phoneNumber: v.string(),
  email: v.nullable(v.string()),
  /** Null: calls to the lead follow the account's time zone. */
  timeZone: v.nullable(v.string()),
});
export type LeadListItem = v.InferOutput<typeof LeadListItem>;

export const leadContract = {
  getLeads: endpoint({
    method: 'POST', path: 'lead/get-leads', summary: 'The account\'s leads by name, searchable by name or number',
    body: requestObject({ ...PageInput, search: SearchText }),
    response: v.array(LeadListItem), paged: true,
    roles: ['USER'], tenant: [],
  }),
} as const;
