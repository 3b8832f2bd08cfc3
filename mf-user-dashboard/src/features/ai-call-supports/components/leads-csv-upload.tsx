import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { keyMatchesEndpoint, useFileUpload } from 'shared-auth';
import { CAMPAIGN_CSV_MAX_BYTES, contract, fileSizeText, type CampaignLeadsAdded } from 'shared-contracts';
import { Alert, FilePickButton, Progress, Typography } from 'shared-ui';
import { CAMPAIGN_READS } from '../api/campaign-endpoints';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const summary = ({ added, created, alreadyInCampaign, refused }: CampaignLeadsAdded) =>
  [
    `${plural(added, 'lead')} added`,
    created > 0 ? `${created} new` : null,
    alreadyInCampaign > 0 ? `${alreadyInCampaign} already in the campaign` : null,
    refused.length > 0 ? `${plural(refused.length, 'row')} refused` : null,
  ].filter(Boolean).join(' · ');

/** Uploads a CSV of leads to the campaign and reports what was added and which rows were refused, by line. */
export function LeadsCsvUpload({ agentId, onUploadingChange }: { agentId: string; onUploadingChange?: (uploading: boolean) => void }) {
  const { mutate } = useSWRConfig();
  // The type is left to the server: a CSV often comes as application/vnd.ms-excel, the server reads the extension.
  const { state, uploading, pick } = useFileUpload(contract.campaign.uploadCampaignLeads, {
    limits: { maxBytes: CAMPAIGN_CSV_MAX_BYTES },
    request: { query: { agentId } },
    onSuccess: () => mutate((key) => CAMPAIGN_READS.some((endpoint) => keyMatchesEndpoint(key, endpoint))),
  });
  useEffect(() => onUploadingChange?.(uploading), [uploading, onUploadingChange]);

  return (
    <div>
      <FilePickButton accept=".csv,text/csv" inputLabel="Leads CSV" loading={uploading} onFile={pick}>
        Upload a CSV
      </FilePickButton>
      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
        {`Columns: name, phone, and optionally email and time zone; up to ${fileSizeText(CAMPAIGN_CSV_MAX_BYTES)}`}
      </Typography.Text>
      {state.phase === 'uploading' && <Progress percent={state.percent} status="active" aria-label="Upload progress" />}
      {state.phase === 'failed' && (
        <Alert style={{ marginTop: 8 }} type="error" showIcon role="alert" title={`${state.file.name}: ${state.error}`} />
      )}
      {state.phase === 'done' && (
        <Alert
          style={{ marginTop: 8 }}
          type={state.result.refused.length > 0 ? 'warning' : 'success'}
          showIcon
          role="status"
          title={`${state.file.name}: ${summary(state.result)}`}
          description={state.result.refused.length > 0 && (
            <ul aria-label="Refused rows" style={{ margin: 0, paddingLeft: 20, maxHeight: 200, overflowY: 'auto' }}>
              {state.result.refused.map((row) => <li key={row.line}>Line {row.line}: {row.reason}</li>)}
            </ul>
          )}
        />
      )}
    </div>
  );
}
