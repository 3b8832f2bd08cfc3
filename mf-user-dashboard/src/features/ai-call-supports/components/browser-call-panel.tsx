import { useId, useState, type FormEvent } from 'react';
import { Alert, AudioMutedOutlined, AudioOutlined, Button, Flex, Input, PhoneOutlined, SendOutlined, SoundOutlined, Typography } from 'shared-ui';
import type { RelayClosed } from '../api/relay-client';
import { useBrowserCall, type BrowserCallPhase } from '../hooks/use-browser-call';
import { BrowserCallLog } from './browser-call-log';

const closedText = (closed: RelayClosed): { title: string; detail?: string } => {
  switch (closed.kind) {
    case 'ended':
      switch (closed.handoff?.reasonCode) {
        case 'live-agent-handoff':
          return { title: 'Transferring you to a person…', detail: 'The caller now waits in the account\'s call queue for an available agent.' };
        case 'transfer-to-number':
          return { title: 'Transferring you to the transfer number…', detail: `On a phone call the caller is now put through to ${closed.handoff.transferTo ?? 'the agent\'s transfer number'}.` };
        default:
          return { title: 'The agent ended the call' };
      }
    case 'hung-up':
      return { title: 'You hung up' };
    case 'refused':
      return { title: 'The agent could not take this call', detail: 'Start a new conversation to try again.' };
    case 'dropped':
      return { title: 'The connection to the agent was lost' };
  }
};

const PHASE_TEXT: Partial<Record<BrowserCallPhase, string>> = { starting: 'Starting the call…', connecting: 'Connecting…' };

/** What the caller hears, said beside the conversation while the call's audio is carried. */
export const AUDIO_CALL_TEXT = 'You hear the agent\'s own voice and it hears your microphone, as on a phone call. Use headphones so the agent does not hear itself.';
export const AGENT_SPEAKING_TEXT = 'The agent is speaking';

/**
 * "Talk in the browser": a conversation with the agent over the protocol a phone call uses: the
 * call's audio for an agent on our speech pipeline, otherwise typed or spoken words.
 */
export function BrowserCallPanel({ agentId, agentName, onStart }: { agentId: string; agentName: string; onStart: () => void }) {
  const talk = useBrowserCall(agentId);
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const talking = talk.phase === 'talking';

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (talk.say(draft)) setDraft('');
  };

  if (talk.call === null) {
    return (
      <Flex vertical gap={8} align="start">
        <Typography.Text>Talk to {agentName} here, typed or spoken, as a caller would on the phone.</Typography.Text>
        {talk.error && <Alert type="error" showIcon title={talk.error} role="alert" />}
        <Button icon={<PhoneOutlined aria-hidden />} loading={talk.phase === 'starting'} onClick={async () => {
          if (await talk.begin()) onStart();
        }}>Talk in the browser</Button>
      </Flex>
    );
  }

  const closed = talk.closed ? closedText(talk.closed) : null;
  return (
    <Flex vertical gap={12}>
      {talk.call && <Typography.Text type="secondary">Answering: {talk.call.responder}</Typography.Text>}
      {talk.medium === 'audio' && talk.phase !== 'over' && <Typography.Text type="secondary">{AUDIO_CALL_TEXT}</Typography.Text>}
      <BrowserCallLog lines={talk.lines} agentName={agentName} replying={talk.replying} />
      <div role="status">
        {PHASE_TEXT[talk.phase] && <Typography.Text type="secondary">{PHASE_TEXT[talk.phase]}</Typography.Text>}
        {talk.agentSpeaking && <Typography.Text type="secondary"><SoundOutlined aria-hidden /> {AGENT_SPEAKING_TEXT}</Typography.Text>}
        {closed && (
          <>
            <Typography.Text strong>{closed.title}</Typography.Text>
            {closed.detail && <Typography.Text type="secondary" style={{ display: 'block' }}>{closed.detail}</Typography.Text>}
          </>
        )}
      </div>
      {talk.error && <Alert type="error" showIcon title={talk.error} role="alert" />}
      {talk.micError && <Alert type="warning" showIcon title={talk.micError} />}
      {talk.phase === 'over' || talk.phase === 'idle' || talk.phase === 'starting' ? (
        <Flex justify="end">
          <Button loading={talk.phase === 'starting'} onClick={() => void talk.begin()}>Talk again</Button>
        </Flex>
      ) : talk.medium === 'audio' ? (
        <Flex gap={8} justify="end">
          <Button aria-pressed={talk.muted} disabled={!talking} onClick={talk.toggleMute}
            icon={talk.muted ? <AudioMutedOutlined aria-hidden /> : <AudioOutlined aria-hidden />}>{talk.muted ? 'Unmute' : 'Mute'}</Button>
          <Button danger onClick={talk.hangUp}>Hang up</Button>
        </Flex>
      ) : (
        <form onSubmit={send} aria-label="Talk to the agent">
          <label htmlFor={inputId} style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>Say something to the agent</label>
          <Flex gap={8}>
            <Input id={inputId} value={draft} onChange={(e) => setDraft(e.target.value)} disabled={!talking} autoComplete="off" maxLength={2000} />
            <Button type="primary" htmlType="submit" icon={<SendOutlined aria-hidden />} disabled={!talking || draft.trim() === ''}>Send</Button>
          </Flex>
          <Flex gap={8} justify="end" align="center" style={{ marginTop: 12 }}>
            {talk.canListen && (
              <>
                <Typography.Text type="secondary" style={{ marginRight: 'auto', fontSize: 12 }}>
                  {talk.listening ? 'Listening… use headphones so the agent does not hear itself.' : ''}
                </Typography.Text>
                <Button aria-pressed={talk.listening} disabled={!talking} onClick={talk.toggleMic}
                  icon={talk.listening ? <AudioOutlined aria-hidden /> : <AudioMutedOutlined aria-hidden />}>Microphone</Button>
              </>
            )}
            <Button danger onClick={talk.hangUp}>Hang up</Button>
          </Flex>
        </form>
      )}
    </Flex>
  );
}
