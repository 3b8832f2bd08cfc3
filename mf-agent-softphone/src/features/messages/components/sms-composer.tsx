import { useState } from 'react';
import { notify, useApiMutation } from 'shared-auth';
import { contract, SMS_CONTENT_REQUIRED_TEXT, SMS_MAX_LENGTH, type SmsPayload } from 'shared-contracts';
import { Button, Input, SendOutlined } from 'shared-ui';

interface Props {
  agentNumber: string;
  /** The open thread's number; null for a new conversation (the agent types the number). */
  toNumber: string | null;
  onSent: (message: SmsPayload) => void;
}

export function SmsComposer({ agentNumber, toNumber, onSent }: Props) {
  const [to, setTo] = useState('');
  const [content, setContent] = useState('');
  const send = useApiMutation(contract.conversation.sendSms, { invalidates: [contract.conversation.getSmsList] });

  const submit = async () => {
    const recipient = toNumber ?? to.trim();
    if (recipient === '') return notify.error('Recipient number is required');
    if (content.trim() === '') return notify.error(SMS_CONTENT_REQUIRED_TEXT);
    try {
      const { data } = await send.trigger({ body: { toNumber: recipient, content, agentNo: agentNumber } });
      setContent('');
      setTo('');
      onSent(data);
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <form aria-label="Send a message" onSubmit={(event) => { event.preventDefault(); void submit(); }} style={{ display: 'grid', gap: 8, marginTop: 12 }}>
      {toNumber === null && (
        <Input aria-label="To" placeholder="ex: +1211111111" value={to} onChange={(event) => setTo(event.target.value)} />
      )}
      <Input.TextArea aria-label="Message" placeholder="Type a message" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={SMS_MAX_LENGTH}
        value={content} onChange={(event) => setContent(event.target.value)} />
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isMutating} style={{ justifySelf: 'end' }}>Send</Button>
    </form>
  );
}
