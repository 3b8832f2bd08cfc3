import { CALL_TRANSFER_TEXT, callbackText, WRAP_UP_TEXT, type CallLog } from 'shared-contracts';
import { PhoneOutlined, Tag, Typography } from '../antd';
import { StatusTag } from '../status-tag/status-tag';

type CallEnd = Pick<CallLog, 'status' | 'endReason' | 'callbackRequest'> & Partial<Pick<CallLog, 'wrapUp' | 'transferredTo'>>;

/**
 * How a call ended: its status, why (once the call has recorded it), the outside number a person
 * transferred the caller to, the disposition of the person who took it once they wrapped it up, and, when an AI agent took a message, whom to call back. The
 * marker stands out from the status: it asks the reader to act.
 */
export function CallEndCell({ call }: { call: CallEnd }) {
  return (
    <>
      <StatusTag status={call.status} />
      {call.endReason && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>{call.endReason}</Typography.Text>
      )}
      {call.transferredTo && (
        <Typography.Text style={{ display: 'block', fontSize: 12, marginTop: 4 }}>{CALL_TRANSFER_TEXT.transferredTo(call.transferredTo)}</Typography.Text>
      )}
      {call.wrapUp && (
        <Typography.Text style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
          {call.wrapUp.disposition === null ? WRAP_UP_TEXT.notWrappedUp : `Wrap-up: ${call.wrapUp.disposition}`}
        </Typography.Text>
      )}
      {call.callbackRequest && (
        // volcano keeps the text readable on its tint; wrapping keeps a long name inside the column.
        <Tag color="volcano" icon={<PhoneOutlined />} style={{ marginTop: 4, marginInlineEnd: 0, whiteSpace: 'normal' }}>
          {callbackText(call.callbackRequest)}
        </Tag>
      )}
    </>
  );
}
