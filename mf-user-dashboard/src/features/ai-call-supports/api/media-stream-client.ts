import {
  MEDIA_ENCODING, MEDIA_SAMPLE_RATE, MediaStreamBrowserOutbound, parseMessage, parseRelayHandoff, RELAY_CALL_PARAMETER,
  SOCKET_CLOSE_UNAUTHORIZED, type MediaStreamInbound, type RelayHandoff,
} from 'shared-contracts';
import { base64OfBytes, bytesOfBase64 } from './phone-audio';
import type { RelayCallIds, RelayClientHandlers } from './relay-client';

/** The browser's microphone and speakers as a phone line: 20 ms frames of mu-law at 8 kHz each way. */
export interface PhoneLineAudio {
  /** Sends every 20 ms of the microphone to `frame` until closed. */
  listen(frame: (audio: Uint8Array) => void): void;
  /** Plays phone audio after what is queued. */
  play(audio: Uint8Array): void;
  /** Calls `done` once everything queued so far has played (at once when nothing is). */
  afterPlayed(done: () => void): void;
  /** Drops what has not played; whatever waits on it is called at once. */
  clear(): void;
  close(): void;
}

export interface MediaStreamClientHandlers extends RelayClientHandlers {
  /** The caller's turn, as the agent's transcriber heard it. */
  onCallerHeard: (text: string) => void;
}

const OPEN = 1; // WebSocket.OPEN

/**
 * The browser's side of a call on our speech pipeline: it plays Twilio's part of the Media
 * Streams protocol (start, the caller's audio, marks echoed once played), so a USER hears the
 * agent in its own voice and is heard through the agent's own transcriber, over the endpoint a
 * phone call uses. The words come beside the audio (`text`, `heard`) for the conversation's log.
 */
export class MediaStreamClient {
  private readonly socket: WebSocket;
  private readonly streamSid = `MZ${crypto.randomUUID().replace(/-/g, '')}`;
  private replying = false;
  private ended: RelayHandoff | null | undefined;
  private done = false;

  constructor(
    url: string,
    ids: RelayCallIds,
    private readonly audio: PhoneLineAudio,
    private readonly handlers: MediaStreamClientHandlers,
  ) {
    this.socket = new WebSocket(url);
    this.socket.onopen = () => {
      this.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
      this.send({
        event: 'start', streamSid: this.streamSid,
        start: {
          streamSid: this.streamSid, callSid: ids.callSid, tracks: ['inbound'],
          customParameters: { [RELAY_CALL_PARAMETER]: ids.callId },
          mediaFormat: { encoding: MEDIA_ENCODING, sampleRate: MEDIA_SAMPLE_RATE, channels: 1 },
        },
      });
      audio.listen((frame) => this.send({ event: 'media', streamSid: this.streamSid, media: { track: 'inbound', payload: base64OfBytes(frame) } }));
      handlers.onOpen();
    };
    this.socket.onmessage = (event: MessageEvent) => this.receive(typeof event.data === 'string' ? event.data : '');
    this.socket.onclose = (event: CloseEvent) => {
      // The server closes once the agent's last words have played.
      if (this.ended !== undefined) this.finish({ kind: 'ended', handoff: this.ended });
      else this.finish(event.code === SOCKET_CLOSE_UNAUTHORIZED ? { kind: 'refused' } : { kind: 'dropped' });
    };
  }

  hangUp(): void {
    if (this.done) return;
    this.send({ event: 'stop', streamSid: this.streamSid });
    this.socket.close(1000, 'Caller hung up');
    this.finish({ kind: 'hung-up' });
  }

  private send(frame: MediaStreamInbound): void {
    if (this.socket.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private receive(raw: string): void {
    if (this.done) return;
    const parsed = parseMessage(MediaStreamBrowserOutbound, raw);
    if (!parsed.ok) {
      console.warn(`Browser call: ignored a frame from the agent: ${parsed.error}`);
      return;
    }
    const frame = parsed.message;
    switch (frame.event) {
      case 'media':
        this.audio.play(bytesOfBase64(frame.media.payload));
        return;
      case 'mark':
        // Echoed once the audio before it has played, as Twilio does: the agent learns what was heard.
        this.audio.afterPlayed(() => this.send({ event: 'mark', streamSid: this.streamSid, mark: { name: frame.mark.name } }));
        return;
      case 'clear':
        // The caller spoke over the agent: the rest of its reply is not heard.
        this.audio.clear();
        this.endReply('interrupted');
        return;
      case 'text':
        if (frame.text.token !== '') {
          this.replying = true;
          this.handlers.onToken(frame.text.token);
        }
        if (frame.text.last) this.endReply('finished');
        return;
      case 'heard':
        this.handlers.onCallerHeard(frame.heard.text);
        return;
      case 'end':
        this.endReply('finished');
        this.ended = parseRelayHandoff(frame.end.handoffData);
        return;
    }
  }

  private endReply(how: 'finished' | 'interrupted'): void {
    if (!this.replying) return;
    this.replying = false;
    this.handlers.onReplyEnd(how);
  }

  private finish(closed: Parameters<RelayClientHandlers['onClosed']>[0]): void {
    if (this.done) return;
    this.done = true;
    this.replying = false;
    this.audio.close();
    this.handlers.onClosed(closed);
  }
}
