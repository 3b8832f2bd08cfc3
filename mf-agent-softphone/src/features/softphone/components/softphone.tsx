import { useState } from 'react';
import { SOFTPHONE_TEXT } from 'shared-contracts';
import { Badge, Button, NumberOutlined, TeamOutlined, UnorderedListOutlined } from 'shared-ui';
import { usePendingWrapUp } from '../hooks/use-pending-wrap-up';
import { useSoftphone } from '../hooks/use-softphone';
import { isOnCall } from '../model/softphone-machine';
import { CallContextPanel } from './call-context-panel';
import { ConsultBar } from './consult-bar';
import { DialPadPanel } from './dial-pad-panel';
import { IncomingCallDialog } from './incoming-call-dialog';
import { PANEL_CARD_STYLE } from './panel-card';
import { PresenceSelect } from './presence-select';
import { QueuePanel } from './queue-panel';
import { TeamPanel } from './team-panel';
import { WrapUpPanel } from './wrap-up-panel';

type Panel = 'dialPad' | 'queue' | 'team' | null;

// The open panel sits bottom-right above the buttons and the caller's panel to its left; on a
// narrow screen the caller's panel wraps above it instead of leaving the screen.
const panelsStyle = {
  position: 'absolute', right: 0, bottom: 56, display: 'flex', flexDirection: 'row-reverse', flexWrap: 'wrap-reverse',
  alignItems: 'flex-end', gap: 8, width: 'max-content', maxWidth: 'calc(100vw - 32px)',
} as const;

const UNAVAILABLE_STYLE = {
  margin: 0, alignSelf: 'center', maxWidth: 320, padding: '6px 10px', borderRadius: 6,
  background: '#fffbe6', border: '1px solid #ffe58f', fontSize: 13,
} as const;

/** The floating softphone (AGENT only; the host places it bottom-right). */
export function Softphone() {
  const phone = useSoftphone();
  const [panel, setPanel] = useState<Panel>(null);
  const toggle = (which: Exclude<Panel, null>) => setPanel((open) => (open === which ? null : which));
  const showQueue = panel === 'queue';
  const { state } = phone;
  // Kept whichever panel is open, or none, until the call ends.
  const answeredSid = state.phase === 'onCall' ? state.callSid : null;
  const wrapUp = usePendingWrapUp(phone.presence.liveStatus);
  return (
    // data-device-status lets support staff (and the e2e tests) see whether calls can ring here.
    <div data-device-status={phone.deviceStatus} style={{ position: 'relative', display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
      <div style={panelsStyle}>
        {panel === 'dialPad' && <div style={PANEL_CARD_STYLE}><DialPadPanel phone={phone} /></div>}
        {showQueue && (
          <div style={PANEL_CARD_STYLE}>
            <QueuePanel queue={phone.queue} onCall={phone.callFromQueue} canCallFirst={!isOnCall(state)} />
          </div>
        )}
        {panel === 'team' && <div style={PANEL_CARD_STYLE}><TeamPanel
          onTransfer={answeredSid !== null && state.consult === null ? phone.transferTo : undefined}
          onConsult={answeredSid !== null && state.consult === null ? phone.consult : undefined}
          onTransferToNumber={answeredSid !== null && state.consult === null ? phone.transferToNumber : undefined}
        /></div>}
        {answeredSid !== null && <CallContextPanel callSid={answeredSid} />}
        {answeredSid !== null && <ConsultBar phone={phone} />}
        {wrapUp.pending !== null && !isOnCall(state) && <WrapUpPanel pending={wrapUp.pending} onDone={wrapUp.refresh} />}
      </div>
      {phone.unavailableText !== null && <p role="status" style={UNAVAILABLE_STYLE}>{phone.unavailableText}</p>}
      <PresenceSelect presence={phone.presence} />
      <Button shape="circle" size="large" aria-label="Team" aria-expanded={panel === 'team'} icon={<TeamOutlined />} onClick={() => toggle('team')} />
      {phone.queue.length > 0 && (
        <Badge count={phone.queue.length}>
          <Button shape="circle" size="large" aria-label={SOFTPHONE_TEXT.queueTitle} aria-expanded={showQueue}
            icon={<UnorderedListOutlined />} onClick={() => toggle('queue')} />
        </Badge>
      )}
      <Button shape="circle" size="large" type="primary" aria-label="Dial pad" aria-expanded={panel === 'dialPad'}
        icon={<NumberOutlined />} onClick={() => toggle('dialPad')} />
      <IncomingCallDialog
        caller={state.phase === 'incoming' ? state.caller : null}
        callSid={state.phase === 'incoming' ? state.callSid : null}
        onAccept={() => {
          phone.accept();
          setPanel('dialPad');
        }}
        onReject={phone.reject}
      />
    </div>
  );
}
