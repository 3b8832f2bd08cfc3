import { useRef, useState } from 'react';
import { isApiError, notify, useApiMutation } from 'shared-auth';
import {
  contract, newIdempotencyKey, SMS_CONTENT_REQUIRED_TEXT, SMS_MAX_LENGTH, SMS_NOT_SENT_STATUSES, SMS_SEND_FAILED_TEXT, type SmsPayload,
} from 'shared-contracts';
import { Button, Input, SendOutlined } from 'shared-ui';

interface Props {
  agentNumber: string;
  /** The open thread's number; null for a new conversation (the agent types the number). */
  toNumber: string | null;
  /** What was typed in this thread before (a draft the screen keeps while other threads are open). */
  draft?: string;
  onDraftChange?: (text: string) => void;
  /** `kept` is the text left in the box: a message the provider refused stays to be sent again. */
  onSent: (message: SmsPayload, kept: string) => void;
}

/** A send that got no answer: pressing Send again with the same text is a retry of it, under its key. */
interface Unanswered { key: string; toNumber: string; content: string }

/** A 4xx is the server refusing the request, so nothing was sent under its key; anything else may have been. */
const refused = (error: unknown) => isApiError(error) && typeof error.status === 'number' && error.status >= 400 && error.status < 500;

export function SmsComposer({ agentNumber, toNumber, draft = '', onDraftChange, onSent }: Props) {
  const [to, setTo] = useState('');
  const [content, setContentState] = useState(draft);
  const setContent = (text: string) => {
    setContentState(text);
    onDraftChange?.(text);
  };
  const [unanswered, setUnanswered] = useState<Unanswered | null>(null);
  const inFlight = useRef(false);
  const send = useApiMutation(contract.conversation.sendSms, { invalidates: [contract.conversation.getSmsList] });
  const recipient = toNumber ?? to.trim();
  const retrying = unanswered !== null && unanswered.toNumber === recipient && unanswered.content === content;

  const submit = async () => {
    if (recipient === '') return notify.error('Recipient number is required');
    if (content.trim() === '') return notify.error(SMS_CONTENT_REQUIRED_TEXT);
    if (inFlight.current) return;
    // One key per message: a retry of the same text to the same number reuses it, so the server
    // sends it at most once; an edited text is another message.
    const key = retrying ? unanswered.key : newIdempotencyKey();
    inFlight.current = true;
    try {
      const { data } = await send.trigger({ body: { toNumber: recipient, content, agentNo: agentNumber, idempotencyKey: key } });
      setUnanswered(null);
      // A refused text stays in the box, to be sent again as a new message if the agent chooses.
      if (SMS_NOT_SENT_STATUSES.includes(data.status)) {
        onSent(data, content);
        return notify.error(SMS_SEND_FAILED_TEXT);
      }
      setContent('');
      setTo('');
      onSent(data, '');
    } catch (error) {
      // No answer about the message (network, server down): the text stays, and Retry resends it under its key.
      setUnanswered(refused(error) ? null : { key, toNumber: recipient, content });
      notify.error(error);
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form aria-label="Send a message" onSubmit={(event) => { event.preventDefault(); void submit(); }} style={{ display: 'grid', gap: 8, marginTop: 12 }}>
      {toNumber === null && (
        <Input aria-label="To" placeholder="ex: +1211111111" value={to} onChange={(event) => setTo(event.target.value)} />
      )}
      <Input.TextArea aria-label="Message" placeholder="Type a message" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={SMS_MAX_LENGTH}
        value={content} onChange={(event) => setContent(event.target.value)} />
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isMutating} style={{ justifySelf: 'end' }}>
        {retrying ? 'Retry' : 'Send'}
      </Button>
    </form>
  );
}
