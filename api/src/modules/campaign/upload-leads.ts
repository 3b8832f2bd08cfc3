import { CAMPAIGN_ROW_TEXT, contract, type RefusedRow } from 'shared-contracts';
import { unknownToDatabase } from '../../db/time-zones';
import { badRequest } from '../../http/api-error';
import { implement } from '../../http/implement';
import { addCsvLeadsToCampaign } from './add-to-campaign';
import { wakeCampaign } from './campaign-dial-job';
import { campaignChanged } from './campaign-events';
import { progressOf } from './campaign-progress';
import { parseLeadsCsv } from './leads-csv';

export const CSV_NOT_UTF8_TEXT = 'The CSV is not UTF-8 text; save it as "CSV UTF-8" and upload it again';

/**
 * A CSV of leads for an agent's campaign. The file is at most 1 MB and 5,000 rows (the contract
 * caps it), read here as UTF-8 text: there is nothing in it to unpack. Rows that pass are added
 * at once; the others come back with their line and reason.
 */
export const uploadCampaignLeads = implement(contract.campaign.uploadCampaignLeads, async ({ query, body, user, db, app }) => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await (body.file as File).arrayBuffer());
  } catch {
    throw badRequest(CSV_NOT_UTF8_TEXT);
  }
  const parsed = parseLeadsCsv(text);
  if (!parsed.ok) throw badRequest(parsed.error);
  // A zone the database does not know would stop the dialer: such rows are refused.
  const badZones = await unknownToDatabase(db, parsed.leads.flatMap((row) => (row.timeZone === null ? [] : [row.timeZone])));
  const refused: RefusedRow[] = [...parsed.refused];
  const accepted = parsed.leads.filter((row) => {
    if (row.timeZone === null || !badZones.has(row.timeZone)) return true;
    refused.push({ line: row.line, reason: CAMPAIGN_ROW_TEXT.timeZone });
    return false;
  });
  refused.sort((a, b) => a.line - b.line);
  const result = accepted.length === 0
    ? { added: 0, alreadyInCampaign: 0, created: 0, campaignActive: false }
    : await addCsvLeadsToCampaign(db, query.agentId, user.accountId, accepted);
  if (result.campaignActive && result.added > 0) await wakeCampaign(app, query.agentId);
  if (result.added > 0) await campaignChanged(app, query.agentId);
  return { added: result.added, alreadyInCampaign: result.alreadyInCampaign, created: result.created, refused, progress: await progressOf(db, query.agentId) };
});
