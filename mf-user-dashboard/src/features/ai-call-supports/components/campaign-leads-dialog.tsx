import { useState } from 'react';
import { CAMPAIGN_CALLING_HOURS, CAMPAIGN_MAX_ATTEMPTS } from 'shared-contracts';
import { Divider, Modal, Typography } from 'shared-ui';
import { CampaignLeadsTable } from './campaign-leads-table';
import { LeadPicker } from './lead-picker';
import { LeadsCsvUpload } from './leads-csv-upload';

export interface CampaignTarget {
  id: string;
  name: string;
  campaignActive: boolean;
}

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** Dialog: the leads an outbound agent's campaign calls; pick existing leads or upload a CSV. */
export function CampaignLeadsDialog({ agent, timeZone, onClose }: { agent: CampaignTarget | null; timeZone: string; onClose: () => void }) {
  // Closing would cancel a CSV upload under way: the dialog stays until it has answered.
  const [uploading, setUploading] = useState(false);
  return (
    <Modal
      title={agent ? `Campaign leads of ${agent.name}` : 'Campaign leads'}
      open={agent !== null}
      onCancel={onClose}
      closable={!uploading}
      maskClosable={!uploading}
      keyboard={!uploading}
      footer={null}
      width={860}
      destroyOnHidden
    >
      {agent && (
        <>
          <Typography.Paragraph type="secondary">
            While the campaign is on, {agent.name} calls these leads between {hour(CAMPAIGN_CALLING_HOURS.startHour)} and{' '}
            {hour(CAMPAIGN_CALLING_HOURS.endHour)} in each lead&apos;s time zone, and tries a lead who is busy or does not answer
            up to {CAMPAIGN_MAX_ATTEMPTS} times.
          </Typography.Paragraph>
          <LeadPicker agentId={agent.id} />
          <Divider plain>or</Divider>
          <LeadsCsvUpload agentId={agent.id} onUploadingChange={setUploading} />
          <Divider />
          <CampaignLeadsTable agentId={agent.id} timeZone={timeZone} />
        </>
      )}
    </Modal>
  );
}
