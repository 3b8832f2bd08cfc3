import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { getRuntimeConfig, useApiMutation } from 'shared-auth';
import { contract, extractErrorText, type BrowserCall } from 'shared-contracts';
import { RelayClient, type RelayClientHandlers, type RelayClosed } from '../api/relay-client';
import { canRecognizeSpeech, speak, stopSpeaking } from '../api/browser-speech';
import { canCarryCallAudio, openBrowserPhoneLine, type BrowserPhoneLine } from '../api/browser-phone-audio';
import { MediaStreamClient } from '../api/media-stream-client';
import { useSpeechInput } from './use-speech-input';

export interface CallLine {
  id: number;
  speaker: 'agent' | 'caller';
  text: string;
  /** False while the agent's reply is still arriving. */
  done: boolean;
}

export type BrowserCallPhase = 'idle' | 'starting' | 'connecting' | 'talking' | 'over';

type LinesEvent =
  | { type: 'reset'; greeting: string }
  | { type: 'caller'; text: string }
  | { type: 'token'; token: string }
  | { type: 'replyEnd' };

let nextLineId = 0;
const line = (speaker: CallLine['speaker'], text: string, done: boolean): CallLine => ({ id: ++nextLineId, speaker, text, done });

function linesReducer(lines: CallLine[], event: LinesEvent): CallLine[] {
  switch (event.type) {
    case 'reset':
      return event.greeting.trim() === '' ? [] : [line('agent', event.greeting, true)];
    case 'caller':
      return [...lines, line('caller', event.text, true)];
    case 'token': {
      const last = lines.at(-1);
      if (last?.speaker === 'agent' && !last.done) return [...lines.slice(0, -1), { ...last, text: last.text + event.token }];
      return [...lines, line('agent', event.token, false)];
    }
    case 'replyEnd': {
      const last = lines.at(-1);
      return last?.speaker === 'agent' && !last.done ? [...lines.slice(0, -1), { ...last, done: true }] : lines;
    }
  }
}

/** Why a conversation that could have been heard in the agent's own voice is typed instead. */
export const NO_MICROPHONE_TEXT = 'The microphone is not available, so this conversation is typed and the browser speaks the agent\'s lines';

/** How the conversation is carried: typed words over the relay, or the call's audio through our speech pipeline. */
export type BrowserCallMedium = 'words' | 'audio';

/**
 * A conversation with an AI agent in the browser: call/start-browser-call, then the socket it
 * names. An agent on our speech pipeline is heard in its own voice: the microphone and speakers
 * carry the call's audio over the Media Streams socket. Otherwise (or with no microphone) the
 * relay protocol carries words: lines are typed, or spoken where the browser recognises speech,
 * and the agent's finished lines are spoken where the browser can speak.
 */
export function useBrowserCall(agentId: string) {
  const start = useApiMutation(contract.call.startBrowserCall, { invalidates: [contract.call.getCallLogs] });
  const [phase, setPhase] = useState<BrowserCallPhase>('idle');
  const [call, setCall] = useState<BrowserCall | null>(null);
  const [closed, setClosed] = useState<RelayClosed | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lines, dispatch] = useReducer(linesReducer, []);
  const client = useRef<RelayClient | MediaStreamClient | null>(null);
  const line = useRef<BrowserPhoneLine | null>(null);
  const [medium, setMedium] = useState<BrowserCallMedium>('words');
  const [agentSpeaking, setAgentSpeaking] = useState(false);
  const [muted, setMuted] = useState(false);
  const [audioError, setAudioError] = useState<string | null>(null);
  /** The agent's reply so far, to speak once it is complete. */
  const reply = useRef('');

  const say = useCallback((text: string): boolean => {
    const current = client.current;
    if (!(current instanceof RelayClient)) return false;
    // The caller talking over the agent silences it, as on a phone.
    stopSpeaking();
    if (!current.say(text)) return false;
    dispatch({ type: 'caller', text: text.trim() });
    return true;
  }, []);
  const { listening, micError, toggleMic, stopListening } = useSpeechInput((text) => void say(text));

  /** Starts a conversation; false when the server refused it (the error says why). */
  const begin = async (): Promise<boolean> => {
    if (phase === 'starting' || phase === 'connecting' || phase === 'talking') return false;
    setPhase('starting');
    setError(null);
    setClosed(null);
    setAudioError(null);
    try {
      const { data } = await start.trigger({ body: { agentId } });
      setCall(data);
      dispatch({ type: 'reset', greeting: data.greeting });
      reply.current = '';
      setPhase('connecting');
      const phoneLine = data.audioPath !== undefined ? await openPhoneLine() : null;
      setMedium(phoneLine === null ? 'words' : 'audio');
      setMuted(false);
      const handlers: RelayClientHandlers = {
        onOpen: () => setPhase('talking'),
        onToken: (token) => {
          reply.current += token;
          dispatch({ type: 'token', token });
        },
        onReplyEnd: (how) => {
          if (phoneLine === null && how === 'finished') speak(reply.current);
          else stopSpeaking();
          reply.current = '';
          dispatch({ type: 'replyEnd' });
        },
        onClosed: (how) => {
          client.current = null;
          line.current = null;
          setClosed(how);
          setPhase('over');
          stopListening();
          // The agent's last words (a goodbye) are still said; a caller who hung up hears no more.
          if (how.kind !== 'ended') stopSpeaking();
        },
      };
      const wsBase = getRuntimeConfig().wsBase;
      if (phoneLine !== null && data.audioPath !== undefined) {
        line.current = phoneLine;
        client.current = new MediaStreamClient(`${wsBase}${data.audioPath}`, data, phoneLine, {
          ...handlers,
          onCallerHeard: (text) => dispatch({ type: 'caller', text }),
        });
      } else {
        speak(data.greeting);
        client.current = new RelayClient(`${wsBase}${data.relayPath}`, data, handlers);
      }
      return true;
    } catch (caught) {
      setError(extractErrorText(caught));
      setPhase('idle');
      return false;
    }
  };

  /** The microphone and speakers, or null (and why) when the browser cannot give them. */
  async function openPhoneLine(): Promise<BrowserPhoneLine | null> {
    if (!canCarryCallAudio()) {
      setAudioError(NO_MICROPHONE_TEXT);
      return null;
    }
    try {
      return await openBrowserPhoneLine(setAgentSpeaking);
    } catch (caught) {
      setAudioError(`${NO_MICROPHONE_TEXT} (${caught instanceof Error ? caught.message : String(caught)})`);
      return null;
    }
  }

  const hangUp = useCallback(() => client.current?.hangUp(), []);

  const toggleMute = () => {
    line.current?.setMuted(!muted);
    setMuted(!muted);
  };

  // Leaving the dialog ends the conversation.
  useEffect(() => () => {
    client.current?.hangUp();
    stopSpeaking();
  }, []);

  return {
    phase, call, lines, closed, error, listening, medium, agentSpeaking, muted, toggleMute,
    micError: micError ?? audioError,
    canListen: canRecognizeSpeech(),
    /** The agent's reply is still arriving. */
    replying: lines.at(-1)?.speaker === 'agent' && lines.at(-1)?.done === false,
    begin, say, hangUp, toggleMic,
  };
}
