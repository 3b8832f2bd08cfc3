import { CALL_TRANSFER_TEXT, incomingCallText, SOFTPHONE_TEXT } from 'shared-contracts';
import { Button, Modal } from 'shared-ui';
import { useIncomingCallContext } from '../hooks/use-incoming-call-context';
import { IncomingCallContextView } from './incoming-call-context';

interface Props {
  caller: string | null;
  /** The ringing call's CallSid: the caller's context is looked up by it. */
  callSid?: string | null;
  onAccept: () => void;
  onReject: () => void;
}

/**
 * Cannot be dismissed by clicking outside or pressing Escape: the agent must accept or reject.
 * The caller's context shows when it arrives; answering never waits for it.
 */
export function IncomingCallDialog({ caller, callSid = null, onAccept, onReject }: Props) {
  const context = useIncomingCallContext(caller !== null ? callSid : null);
  return (
    <Modal
      open={caller !== null}
      title={SOFTPHONE_TEXT.incomingTitle}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={[
        <Button key="reject" danger onClick={onReject}>{SOFTPHONE_TEXT.reject}</Button>,
        <Button key="accept" type="primary" onClick={onAccept}>{SOFTPHONE_TEXT.accept}</Button>,
      ]}
    >
      {caller !== null && <p style={{ margin: 0 }}>{context?.offeredBy ? CALL_TRANSFER_TEXT.offeredBy(context.offeredBy) : incomingCallText(caller)}</p>}
      {caller !== null && context && <IncomingCallContextView context={context} />}
    </Modal>
  );
}
