import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Id, IsoDateTime, PageInput, PlainText, requestObject } from '../schemas/common';

export const SUPPORT_CATEGORIES = ['billing', 'technical', 'account', 'feature-request', 'other'] as const;
export const SUPPORT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const SUPPORT_STATUSES = ['open', 'in-progress', 'resolved', 'closed'] as const;

export const CreateSupportRequestBody = requestObject({
  subject: PlainText('Subject', 150),
  category: v.picklist(SUPPORT_CATEGORIES, 'Choose a category'),
  priority: v.optional(v.picklist(SUPPORT_PRIORITIES, 'Choose a priority'), 'normal'),
  message: PlainText('Message', 5000),
  /** The call the request is about, if any. */
  callId: v.optional(v.pipe(v.string('Choose a call'), v.uuid('Choose a call'))),
});

export const SupportRequest = v.object({
  id: Id,
  /** Short reference to quote to support, e.g. SR-1042. */
  reference: v.string(),
  subject: v.string(),
  category: v.picklist(SUPPORT_CATEGORIES),
  priority: v.picklist(SUPPORT_PRIORITIES),
  status: v.picklist(SUPPORT_STATUSES),
  message: v.string(),
  callId: v.nullable(Id),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type SupportRequest = v.InferOutput<typeof SupportRequest>;

export const supportContract = {
  createRequest: endpoint({
    method: 'POST', path: 'support/create-request', summary: 'Open a support request',
    idempotent: true,
    body: CreateSupportRequestBody, response: SupportRequest,
    roles: ['USER'], tenant: [{ in: 'body', key: 'callId', owns: 'call', whenPresent: true }],
  }),
  getRequests: endpoint({
    method: 'POST', path: 'support/get-requests', summary: 'The account\'s support requests, newest first, paged',
    body: v.object({ ...PageInput, status: v.optional(v.picklist(SUPPORT_STATUSES, 'Choose a listed status')) }),
    response: v.array(SupportRequest), paged: true,
    roles: ['USER'], tenant: [],
  }),
} as const;
