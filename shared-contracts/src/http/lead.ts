import * as v from 'valibot';
import { endpoint } from './endpoint';
import {
  Email, Id, IsoDateTime, NOTHING_TO_UPDATE_TEXT, PageInput, PlainText, SearchText, TimeZone, UsPhoneInput, requestObject, strictRequestObject,
} from '../schemas/common';

/** A lead as the public API shows it: the person a call or an appointment is with. */
export const LeadRecord = v.object({
  id: Id,
  fullName: v.string(),
  phoneNumber: v.string(),
  email: v.nullable(v.string()),
  /** Null: calls to the lead follow the account's time zone. */
  timeZone: v.nullable(v.string()),
  createdAt: IsoDateTime,
});
export type LeadRecord = v.InferOutput<typeof LeadRecord>;

/** Another lead of the account already has this number: a lead is found by the number it calls from. */
export const LEAD_PHONE_TAKEN_TEXT = 'Another lead already has this phone number';

const leadFields = {
  fullName: PlainText('Full name', 200),
  phoneNumber: UsPhoneInput(),
  email: v.nullable(Email),
  /** An IANA zone the lead's calls follow (campaign calling hours); null follows the account's. */
  timeZone: v.nullable(TimeZone),
};

// Lead bodies are strict: an integrator's misspelt or unsupported field is refused, not lost.
export const CreateLeadBody = strictRequestObject({
  ...leadFields,
  email: v.optional(leadFields.email),
  timeZone: v.optional(leadFields.timeZone, null),
});

const leadUpdate = v.partial(strictRequestObject(leadFields));
/** Every field optional, at least one present; `null` clears the email or the zone. */
export const UpdateLeadBody = v.pipe(
  leadUpdate,
  v.check<v.InferOutput<typeof leadUpdate>, typeof NOTHING_TO_UPDATE_TEXT>(
    (value) => Object.values(value).some((x) => x !== undefined),
    NOTHING_TO_UPDATE_TEXT,
  ),
);

const LeadFilter = requestObject({ ...PageInput, search: SearchText });

export const leadContract = {
  getLeads: endpoint({
    method: 'POST', path: 'lead/get-leads', summary: 'The account\'s leads, newest first, searched by name, number or email and paged',
    body: LeadFilter, response: v.array(LeadRecord), paged: true,
    roles: ['USER'], tenant: [], publicApi: true,
  }),
  createLead: endpoint({
    method: 'POST', path: 'lead/create-lead', summary: 'Add a lead; its number must be a US number no other lead of the account has; a field the body does not declare is refused',
    idempotent: true,
    body: CreateLeadBody, response: LeadRecord,
    roles: ['USER'], tenant: [], publicApi: true,
  }),
  updateLead: endpoint({
    method: 'PATCH', path: 'lead/update-lead/{id}', summary: 'Change a lead\'s name, number, email or time zone; a field the body does not declare is refused',
    params: v.object({ id: Id }), body: UpdateLeadBody, response: LeadRecord,
    roles: ['USER'], tenant: [{ in: 'params', key: 'id', owns: 'lead' }], publicApi: true,
  }),
} as const;
