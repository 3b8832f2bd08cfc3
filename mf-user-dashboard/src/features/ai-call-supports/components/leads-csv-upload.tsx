import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { keyMatchesEndpoint, uploadFile } from 'shared-auth';
import { CAMPAIGN_CSV_MAX_BYTES, contract, extractErrorText, type CampaignLeadsAdded } from 'shared-contracts';
import { Alert, FilePickButton, Progress, Typography } from 'shared-ui';
import { CAMPAIGN_READS } from '../api/campaign-endpoints';

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fileName: string; percent: number }
  | { phase: 'done'; fileName: string; result: CampaignLeadsAdded }
  | { phase: 'failed'; fileName: string; error: string };

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
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const uploading = state.phase === 'uploading';
  useEffect(() => onUploadingChange?.(uploading), [uploading, onUploadingChange]);
  const { mutate } = useSWRConfig();
  const cancel = useRef<AbortController | null>(null);
  useEffect(() => () => cancel.current?.abort(), []);

  const send = async (file: File) => {
    if (file.size > CAMPAIGN_CSV_MAX_BYTES) {
      setState({ phase: 'failed', fileName: file.name, error: 'The file must be at most 1 MB' });
      return;
    }
    setState({ phase: 'uploading', fileName: file.name, percent: 0 });
    cancel.current = new AbortController();
    try {
      const { data } = await uploadFile(contract.campaign.uploadCampaignLeads, file, { query: { agentId } }, {
        onProgress: (percent) => setState({ phase: 'uploading', fileName: file.name, percent }),
        signal: cancel.current.signal,
      });
      setState({ phase: 'done', fileName: file.name, result: data });
      await mutate((key) => CAMPAIGN_READS.some((endpoint) => keyMatchesEndpoint(key, endpoint)));
    } catch (error) {
      setState({ phase: 'failed', fileName: file.name, error: extractErrorText(error) });
    }
  };

  return (
    <div>
      <FilePickButton accept=".csv,text/csv" inputLabel="Leads CSV" loading={state.phase === 'uploading'} onFile={(file) => void send(file)}>
        Upload a CSV
      </FilePickButton>
      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
        Columns: name, phone, and optionally email and time zone; up to 1 MB
      </Typography.Text>
      {state.phase === 'uploading' && <Progress percent={state.percent} status="active" aria-label="Upload progress" />}
      {state.phase === 'failed' && (
        <Alert style={{ marginTop: 8 }} type="error" showIcon role="alert" title={`${state.fileName}: ${state.error}`} />
      )}
      {state.phase === 'done' && (
        <Alert
          style={{ marginTop: 8 }}
          type={state.result.refused.length > 0 ? 'warning' : 'success'}
          showIcon
          role="status"
          title={`${state.fileName}: ${summary(state.result)}`}
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
