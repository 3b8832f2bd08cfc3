import { incomingCallText, SOFTPHONE_TEXT } from 'shared-contracts';
import { Button, Modal } from 'shared-ui';

interface Props {
  caller: string | null;
  onAccept: () => void;
  onReject: () => void;
}

/** Cannot be dismissed by clicking outside or pressing Escape: the agent must accept or reject. */
export function IncomingCallDialog({ caller, onAccept, onReject }: Props) {
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
      {caller !== null && incomingCallText(caller)}
    </Modal>
  );
}
