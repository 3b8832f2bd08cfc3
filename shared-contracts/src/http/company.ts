import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Email, HttpUrl, Id, IsoDateTime, PlainText, UsPhoneInput, partialUpdate } from '../schemas/common';
import { US_STATE_CODES } from '../domain/us-states';

export const US_STATE_CODE_TEXT = 'Choose a US state or territory';
export const UsStateCodeSchema = v.picklist(US_STATE_CODES, US_STATE_CODE_TEXT);
export const US_ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

export const Business = v.object({
  accountId: Id,
  name: v.string(),
  industryId: v.nullable(Id),
  website: v.nullable(v.string()),
  email: v.nullable(v.string()),
  phoneNumber: v.nullable(v.string()),
  addressLine1: v.nullable(v.string()),
  addressLine2: v.nullable(v.string()),
  city: v.nullable(v.string()),
  stateCode: v.nullable(v.picklist(US_STATE_CODES)),
  postalCode: v.nullable(v.string()),
  description: v.nullable(v.string()),
  updatedAt: IsoDateTime,
});
export type Business = v.InferOutput<typeof Business>;

/** The caller's own business profile; null clears an optional field. */
export const UpdateBusinessBody = partialUpdate({
  name: PlainText('Business name', 200),
  industryId: v.nullable(v.pipe(v.string('Choose an industry'), v.uuid('Choose an industry'))),
  website: v.nullable(HttpUrl('Website')),
  email: v.nullable(Email),
  phoneNumber: v.nullable(UsPhoneInput('Business phone')),
  addressLine1: v.nullable(PlainText('Address', 200)),
  addressLine2: v.nullable(PlainText('Address line 2', 200)),
  city: v.nullable(PlainText('City', 100)),
  stateCode: v.nullable(UsStateCodeSchema),
  postalCode: v.nullable(v.pipe(v.string('ZIP code is required'), v.trim(), v.regex(US_ZIP_PATTERN, 'Enter a 5-digit ZIP code (or ZIP+4)'))),
  description: v.nullable(PlainText('Description', 2000)),
});

export const BusinessIndustry = v.object({ id: Id, name: v.string() });

export const companyContract = {
  getAccountBusiness: endpoint({
    method: 'GET', path: 'company/get-account-business/{id}', summary: 'The account\'s business profile',
    params: v.object({ id: Id }), response: Business,
    roles: ['USER'], tenant: [{ in: 'params', key: 'id', owns: 'account' }],
  }),
  updateBusiness: endpoint({
    method: 'POST', path: 'company/update-business', summary: 'Update the caller\'s business profile (the body is the update object)',
    body: UpdateBusinessBody, response: Business,
    roles: ['USER'], tenant: [],
  }),
  getBusinessIndustries: endpoint({
    method: 'GET', path: 'company/get-business-industries', summary: 'The industries a business may choose, by name',
    response: v.array(BusinessIndustry),
    roles: ['USER'], tenant: [],
  }),
} as const;
