import { useNavigate, useParams } from 'react-router-dom';
import { useSessionUser } from 'shared-auth';
import { Badge, Col, DashboardPage, LoadError, LoadingBlock, PageCard, Row, Typography } from 'shared-ui';
import { useCallConversation } from '../hooks/use-call-conversation';
import { useLiveTranscript, withLiveLines } from '../hooks/use-live-transcript';
import { CallDetails } from './call-details';
import { CallbackRequestCard } from './callback-request-card';
import { CallAnalysisCard } from './call-analysis-card';
import { CallFeedbackCard } from './call-feedback-card';
import { CallTimeline } from './call-timeline';
import { Transcript } from './transcript';

/** dashboard/calls/{id}/conversation: one call's details, a message the AI agent took, recording, transcript and rating. */
export function CallConversationScreen() {
  const { id = '' } = useParams();
  const user = useSessionUser();
  const navigate = useNavigate();
  const { report, transcript, trace } = useCallConversation(user?.accountId ?? null, id);
  // When the AI call ends, its stored transcript, summary, outcome and trace replace what was live.
  const live = useLiveTranscript(id, () => {
    void report.mutate();
    void transcript.mutate();
    void trace.mutate();
  });
  const timeZone = user?.timeZone ?? 'UTC';
  const data = report.data?.data;
  const recordingUrl = data?.call.conversation?.recordingUrl ?? null;
  const messages = data ? withLiveLines(transcript.data?.data.messages ?? [], live.lines, data.call) : [];
  // An AI agent is on the call (no person has taken it over), or lines are arriving.
  const aiOnCall = data?.call.status === 'in-progress' && data.call.agent === null && data.call.aiAgent !== null;
  const isLive = !live.ended && (aiOnCall || live.lines.length > 0);

  return (
    <DashboardPage title="Conversation" loading={!user || report.isLoading} onBack={() => navigate(-1)}>
      {report.error && <LoadError error={report.error.message} onRetry={() => void report.mutate()} />}
      {data && (
        <>
          {/* First: it asks the user to act. */}
          {data.call.callbackRequest && <CallbackRequestCard request={data.call.callbackRequest} timeZone={timeZone} />}
          <PageCard title="Call">
            <CallDetails report={data} timeZone={timeZone} />
          </PageCard>
          {data.analysis && <CallAnalysisCard analysis={data.analysis} />}
          <PageCard title="Recording">
            {recordingUrl
              ? <audio controls preload="none" src={recordingUrl} aria-label="Call recording" style={{ width: '100%' }} />
              : <Typography.Text type="secondary">No recording for this call</Typography.Text>}
          </PageCard>
          <Row gutter={16}>
            <Col xs={24} lg={data.call.aiAgent ? 14 : 24}>
              <PageCard title="Transcript" extra={isLive && <Badge status="processing" text="Live" />}>
                {transcript.error && <LoadError error={transcript.error.message} onRetry={() => void transcript.mutate()} />}
                {transcript.isLoading && messages.length === 0 && <LoadingBlock label="Loading transcript…" />}
                {(transcript.data || messages.length > 0 || !data.call.conversation) && (
                  <Transcript messages={messages} timeZone={timeZone} live={isLive} />
                )}
              </PageCard>
            </Col>
            {data.call.aiAgent && (
              <Col xs={24} lg={10}>
                <PageCard title="Timeline">
                  {trace.data && <CallTimeline trace={trace.data.data} />}
                  {trace.isLoading && <LoadingBlock label="Loading timeline…" />}
                  {trace.error && (trace.error.status === 404
                    ? <Typography.Text type="secondary">{isLive ? 'The timeline appears when the call ends' : 'No timeline was kept for this call'}</Typography.Text>
                    : <LoadError error={trace.error.message} onRetry={() => void trace.mutate()} />)}
                </PageCard>
              </Col>
            )}
          </Row>
          <CallFeedbackCard callId={data.call.id} />
        </>
      )}
    </DashboardPage>
  );
}
