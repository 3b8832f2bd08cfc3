import { useRef } from 'react';
import { extractErrorText } from 'shared-contracts';
import { Button, Col, DashboardPage, Empty, PageCard, PlusOutlined, Row, Typography } from 'shared-ui';
import { useSessionUser } from 'shared-auth';
import { useSmsThreads } from '../hooks/use-sms-threads';
import { MessageThread } from './message-thread';
import { SmsComposer } from './sms-composer';
import { ThreadList } from './thread-list';

/** dashboard/messages: the agent number's SMS threads, one open, with a composer. */
export function MessagesScreen() {
  const user = useSessionUser();
  const sms = useSmsThreads();
  const open = sms.threads.data?.data.find((thread) => thread.conversationId === sms.openId) ?? null;
  // What was typed in each thread (and in a new message) survives opening another one.
  const drafts = useRef(new Map<string, string>());
  const draftKey = sms.openId ?? 'new';

  if (sms.agentNumber === null) {
    return (
      <DashboardPage title="Messages">
        <PageCard title="Conversations"><Empty description="You have no agent number to text from yet" /></PageCard>
      </DashboardPage>
    );
  }
  return (
    <DashboardPage title="Messages">
      <Row gutter={16}>
        <Col xs={24} md={9}>
          <PageCard title="Conversations" extra={<Button icon={<PlusOutlined />} onClick={() => sms.setOpenId(null)}>New message</Button>}>
            <ThreadList
              threads={sms.threads.data?.data}
              loading={sms.threads.isLoading}
              error={sms.threads.error ? extractErrorText(sms.threads.error) : null}
              onRetry={() => void sms.threads.mutate()}
              search={sms.searchInput}
              onSearch={sms.setSearchInput}
              openId={sms.openId}
              onOpen={(thread) => sms.setOpenId(thread.conversationId)}
            />
          </PageCard>
        </Col>
        <Col xs={24} md={15}>
          <PageCard title={open ? (open.lead?.fullName ?? open.leadNumber) : 'New message'}
            extra={open?.lead ? <Typography.Text type="secondary">{open.leadNumber}</Typography.Text> : null}>
            {sms.openId !== null && (
              <MessageThread
                messages={sms.messages.data?.data}
                loading={sms.messages.isLoading}
                error={sms.messages.error ? extractErrorText(sms.messages.error) : null}
                onRetry={() => void sms.messages.mutate()}
                timeZone={user?.timeZone}
              />
            )}
            <SmsComposer
              key={draftKey}
              agentNumber={sms.agentNumber}
              toNumber={open?.leadNumber ?? null}
              draft={drafts.current.get(draftKey)}
              onDraftChange={(text) => drafts.current.set(draftKey, text)}
              onSent={(message, kept) => {
                // A new conversation's text moves with it into its thread (kept there if refused).
                drafts.current.delete(draftKey);
                drafts.current.set(message.conversationId, kept);
                sms.setOpenId(message.conversationId);
                void sms.messages.mutate();
              }}
            />
          </PageCard>
        </Col>
      </Row>
    </DashboardPage>
  );
}
