import { useApi, useSessionUser } from 'shared-auth';
import { contract, extractErrorText } from 'shared-contracts';
import { DashboardPage, Descriptions, LoadError, LoadingBlock, PageCard } from 'shared-ui';
import { VoicemailUpload } from './voicemail-upload';

/** dashboard/dialer-setting: the agent's dialer setting and the account's default voicemail. */
export function DialerSettingScreen() {
  const user = useSessionUser();
  const setting = useApi(contract.call.getDialerSetting, user ? { query: { accountId: user.accountId } } : null);
  const data = setting.data?.data;
  return (
    <DashboardPage title="Dialer Setting">
      <PageCard title="Dialer">
        {setting.error && <LoadError error={extractErrorText(setting.error)} onRetry={() => void setting.mutate()} />}
        {!setting.error && !data && <LoadingBlock label="Loading the dialer setting" />}
        {data && (
          <Descriptions column={1} size="small" items={[
            { key: 'number', label: 'Agent number', children: data.agentNumber ?? 'N/A' },
            { key: 'ring', label: 'Ring timeout', children: `${data.ringTimeoutSeconds} seconds` },
            { key: 'record', label: 'Call recording', children: data.recordCalls ? 'On' : 'Off' },
          ]} />
        )}
      </PageCard>
      {data && (
        <PageCard title="Default voicemail">
          <VoicemailUpload accountId={data.accountId} currentUrl={data.defaultVoicemailUrl} onUploaded={() => void setting.mutate()} />
        </PageCard>
      )}
    </DashboardPage>
  );
}
