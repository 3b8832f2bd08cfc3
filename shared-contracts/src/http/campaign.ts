import * as v from 'valibot';
import { endpoint } from './endpoint';
import { FileUpload, Id, IsoDateTime, PageInput, requestObject } from '../schemas/common';
import {
  CAMPAIGN_ADD_MAX_LEADS, CAMPAIGN_CSV_MAX_BYTES, CAMPAIGN_LEAD_STATES,
} from '../domain/campaign';

const AgentId = v.pipe(v.string('Choose an agent'), v.uuid('Choose an agent'));

export const ToggleCampaignBody = requestObject({
  agentId: AgentId,
  /** true starts the agent's outbound campaign, false pauses it. */
  status: v.boolean('Status must be true (active) or false (paused)'),
});

/** How far an agent's campaign has got: leads called at least once, answered, and still to call. */
export const CampaignProgress = v.object({
  total: v.number(),
  called: v.number(),
  answered: v.number(),
  remaining: v.number(),
});
export type CampaignProgress = v.InferOutput<typeof CampaignProgress>;

export const CampaignLead = v.object({
  leadId: Id,
  fullName: v.string(),
  phoneNumber: v.string(),
  /** The zone its calling hours are counted in: the lead's own, else the account's. */
  timeZone: v.string(),
  state: v.picklist(CAMPAIGN_LEAD_STATES),
  attempts: v.number(),
  lastAttemptAt: v.nullable(IsoDateTime),
  /** When it is called next; null once it is done (answered, failed, or out of attempts). */
  nextAttemptAt: v.nullable(IsoDateTime),
  addedAt: IsoDateTime,
});
export type CampaignLead = v.InferOutput<typeof CampaignLead>;

export const AddCampaignLeadsBody = requestObject({
  agentId: AgentId,
  leadIds: v.pipe(
    v.array(Id, 'Choose the leads to add'),
    v.minLength(1, 'Choose the leads to add'),
    v.maxLength(CAMPAIGN_ADD_MAX_LEADS, `Add at most ${CAMPAIGN_ADD_MAX_LEADS} leads at a time`),
  ),
});

export const UploadCampaignLeadsQuery = requestObject({ agentId: AgentId });
export const UploadCampaignLeadsFile = requestObject({
  file: FileUpload(['text/csv', 'text/plain'], CAMPAIGN_CSV_MAX_BYTES, 'a CSV file'),
});

/** A CSV row that was not added, by its line in the file (the header is line 1). */
export const RefusedRow = v.object({ line: v.number(), reason: v.string() });
export type RefusedRow = v.InferOutput<typeof RefusedRow>;

export const CampaignLeadsAdded = v.object({
  /** Leads put in the campaign by this request. */
  added: v.number(),
  /** Leads that were in the campaign already (left as they were). */
  alreadyInCampaign: v.number(),
  /** New leads of the account made from CSV rows (0 when picking existing leads). */
  created: v.number(),
  refused: v.array(RefusedRow),
  progress: CampaignProgress,
});
export type CampaignLeadsAdded = v.InferOutput<typeof CampaignLeadsAdded>;

export const campaignContract = {
  toggleCampaign: endpoint({
    method: 'POST', path: 'campaign/toggle-campaign', summary: 'Start or pause an AI agent\'s outbound campaign (needs a plan with bulk outbound calls)',
    body: ToggleCampaignBody,
    response: v.object({ agentId: Id, campaignActive: v.boolean() }),
    roles: ['USER'], tenant: [{ in: 'body', key: 'agentId', owns: 'aiAgent' }],
  }),
  getCampaignLeads: endpoint({
    method: 'GET', path: 'campaign/get-campaign-leads/{agentId}', summary: 'The leads of an AI agent\'s campaign, those still to call first, in calling order',
    params: v.object({ agentId: Id }),
    query: requestObject(PageInput),
    response: v.array(CampaignLead), paged: true,
    roles: ['USER'], tenant: [{ in: 'params', key: 'agentId', owns: 'aiAgent' }],
  }),
  addCampaignLeads: endpoint({
    method: 'POST', path: 'campaign/add-leads', summary: 'Adds leads of the account to an outbound AI agent\'s campaign',
    body: AddCampaignLeadsBody,
    response: CampaignLeadsAdded,
    roles: ['USER'], tenant: [{ in: 'body', key: 'agentId', owns: 'aiAgent' }],
  }),
  removeCampaignLead: endpoint({
    method: 'DELETE', path: 'campaign/remove-lead/{agentId}/{leadId}', summary: 'Takes a lead out of an AI agent\'s campaign (the lead stays in the account; a call under way finishes); answers the campaign\'s progress',
    params: v.object({ agentId: Id, leadId: Id }),
    response: CampaignProgress,
    roles: ['USER'], tenant: [{ in: 'params', key: 'agentId', owns: 'aiAgent' }, { in: 'params', key: 'leadId', owns: 'lead' }],
  }),
  uploadCampaignLeads: endpoint({
    method: 'POST', path: 'campaign/upload-leads', summary: 'Adds the leads of a CSV (name, phone, and optional email and time zone columns) to an outbound AI agent\'s campaign; refused rows are listed with their line and reason (multipart field file)',
    query: UploadCampaignLeadsQuery, body: UploadCampaignLeadsFile, multipart: true,
    response: CampaignLeadsAdded,
    roles: ['USER'], tenant: [{ in: 'query', key: 'agentId', owns: 'aiAgent' }],
  }),
} as const;
