import { useNavigate, useParams } from 'react-router-dom';
import { useSessionUser } from 'shared-auth';
import { DashboardPage, LoadError, LoadingBlock, PageCard, Typography } from 'shared-ui';
import { useCallConversation } from '../hooks/use-call-conversation';
import { CallDetails } from './call-details';
import { CallFeedbackCard } from './call-feedback-card';
import { Transcript } from './transcript';

/** dashboard/calls/{id}/conversation: one call's details, recording, transcript and rating. */
export function CallConversationScreen() {
  const { id = '' } = useParams();
  const user = useSessionUser();
  const navigate = useNavigate();
  const { report, transcript } = useCallConversation(user?.accountId ?? null, id);
  const timeZone = user?.timeZone ?? 'UTC';
  const data = report.data?.data;
  const recordingUrl = data?.call.conversation?.recordingUrl ?? null;

  return (
    <DashboardPage title="Conversation" loading={!user || report.isLoading} onBack={() => navigate(-1)}>
      {report.error && <LoadError error={report.error.message} onRetry={() => void report.mutate()} />}
      {data && (
        <>
          <PageCard title="Call">
            <CallDetails report={data} timeZone={timeZone} />
          </PageCard>
          <PageCard title="Recording">
            {recordingUrl
              ? <audio controls preload="none" src={recordingUrl} aria-label="Call recording" style={{ width: '100%' }} />
              : <Typography.Text type="secondary">No recording for this call</Typography.Text>}
          </PageCard>
          <PageCard title="Transcript">
            {!data.call.conversation && <Typography.Text type="secondary">No transcript for this call</Typography.Text>}
            {transcript.error && <LoadError error={transcript.error.message} onRetry={() => void transcript.mutate()} />}
            {transcript.isLoading && <LoadingBlock label="Loading transcript…" />}
            {transcript.data && <Transcript messages={transcript.data.data.messages} timeZone={timeZone} />}
          </PageCard>
          <CallFeedbackCard callId={data.call.id} />
        </>
      )}
    </DashboardPage>
  );
}
