import { CALL_HOLD_TEXT, DIAL_PAD_KEYS, SOFTPHONE_TEXT } from 'shared-contracts';
import { AudioMutedOutlined, AudioOutlined, Button, Input, PauseCircleOutlined, PhoneOutlined, PlayCircleOutlined, Typography, WarningOutlined } from 'shared-ui';
import { isOnCall, qualityWarningText } from '../model/softphone-machine';
import type { SoftphoneApi } from '../hooks/use-softphone';
import { AudioSettings } from './audio-settings';
import { CallHeader } from './call-header';

export function DialPadPanel({ phone }: { phone: SoftphoneApi }) {
  const { state } = phone;
  const onCall = isOnCall(state);
  return (
    <section aria-label="Dial pad" style={{ padding: 12, width: 240 }}>
      <CallHeader state={state} />
      <Input
        aria-label="Phone number"
        placeholder={SOFTPHONE_TEXT.phonePlaceholder}
        value={state.number}
        readOnly={onCall}
        onChange={(event) => phone.type(event.target.value)}
        onPressEnter={() => !onCall && phone.dial()}
      />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 6, margin: '10px 0' }}>
        {DIAL_PAD_KEYS.map((key) => (
          <Button key={key} onClick={() => phone.pressKey(key)}>{key}</Button>
        ))}
      </div>
      <div style={{ display: 'flex', justifyContent: 'center', gap: 8 }}>
        <Button
          shape="circle"
          size="large"
          aria-label={onCall ? 'Hang up' : 'Call'}
          icon={<PhoneOutlined rotate={onCall ? 225 : 90} />}
          style={{ background: onCall ? '#ff4d4f' : '#52c41a', color: '#fff', borderColor: 'transparent' }}
          onClick={onCall ? phone.hangUp : phone.dial}
        />
        {onCall && (
          <Button
            shape="circle"
            size="large"
            aria-label={state.muted ? 'Unmute' : 'Mute'}
            aria-pressed={state.muted}
            icon={state.muted ? <AudioMutedOutlined /> : <AudioOutlined />}
            onClick={phone.toggleMute}
          />
        )}
        {state.phase === 'onCall' && (
          <Button
            shape="circle"
            size="large"
            aria-label={state.heldSince === null ? CALL_HOLD_TEXT.hold : CALL_HOLD_TEXT.resume}
            aria-pressed={state.heldSince !== null}
            icon={state.heldSince === null ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            onClick={phone.toggleHold}
          />
        )}
      </div>
      {state.warnings.length > 0 && (
        <ul aria-label="Call quality" style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
          {state.warnings.map((name) => (
            <li key={name}><Typography.Text type="warning"><WarningOutlined /> {qualityWarningText(name)}</Typography.Text></li>
          ))}
        </ul>
      )}
      {phone.device !== null && <AudioSettings device={phone.device} />}
    </section>
  );
}
