import { useState } from 'react';
import { SOFTPHONE_TEXT } from 'shared-contracts';
import { Badge, Button, NumberOutlined, UnorderedListOutlined } from 'shared-ui';
import { useSoftphone } from '../hooks/use-softphone';
import { isOnCall } from '../model/softphone-machine';
import { DialPadPanel } from './dial-pad-panel';
import { IncomingCallDialog } from './incoming-call-dialog';
import { QueuePanel } from './queue-panel';

type Panel = 'dialPad' | 'queue' | null;

const panelStyle = {
  position: 'absolute', right: 0, bottom: 56, background: '#fff', borderRadius: 8,
  boxShadow: '0 6px 24px rgba(0, 0, 0, 0.18)', minWidth: 240,
} as const;

/** The floating softphone (AGENT only; the host places it bottom-right). */
export function Softphone() {
  const phone = useSoftphone();
  const [panel, setPanel] = useState<Panel>(null);
  const toggle = (which: Exclude<Panel, null>) => setPanel((open) => (open === which ? null : which));
  const showQueue = panel === 'queue';
  return (
    // data-device-status lets support staff (and the e2e tests) see whether calls can ring here.
    <div data-device-status={phone.deviceStatus} style={{ position: 'relative', display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
      {panel === 'dialPad' && <div style={panelStyle}><DialPadPanel phone={phone} /></div>}
      {showQueue && (
        <div style={panelStyle}>
          <QueuePanel queue={phone.queue} onCall={phone.callFromQueue} canCallFirst={!isOnCall(phone.state)} />
        </div>
      )}
      {phone.queue.length > 0 && (
        <Badge count={phone.queue.length}>
          <Button shape="circle" size="large" aria-label={SOFTPHONE_TEXT.queueTitle} aria-expanded={showQueue}
            icon={<UnorderedListOutlined />} onClick={() => toggle('queue')} />
        </Badge>
      )}
      <Button shape="circle" size="large" type="primary" aria-label="Dial pad" aria-expanded={panel === 'dialPad'}
        icon={<NumberOutlined />} onClick={() => toggle('dialPad')} />
      <IncomingCallDialog
        caller={phone.state.phase === 'incoming' ? phone.state.caller : null}
        callSid={phone.state.phase === 'incoming' ? phone.state.incomingCallSid : null}
        onAccept={() => {
          phone.accept();
          setPanel('dialPad');
        }}
        onReject={phone.reject}
      />
    </div>
  );
}
