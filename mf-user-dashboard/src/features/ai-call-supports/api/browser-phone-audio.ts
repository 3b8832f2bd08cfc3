import { MEDIA_FRAME_BYTES, MEDIA_SAMPLE_RATE } from 'shared-contracts';
import type { PhoneLineAudio } from './media-stream-client';
import { phoneAudioEncoder, samplesOfPhoneAudio } from './phone-audio';

/** The mu-law code of a silent sample: what a muted microphone sends, so the line stays timed. */
const SILENT = 0xff;
/** Samples per callback of the microphone's processor (about 21 ms at 48 kHz). */
const CAPTURE_BLOCK = 1024;

export interface BrowserPhoneLine extends PhoneLineAudio {
  /** A muted microphone sends silence. */
  setMuted(muted: boolean): void;
}

/** Whether this browser can carry a call's audio (a microphone and Web Audio). */
export const canCarryCallAudio = (): boolean =>
  typeof navigator === 'object' && typeof navigator.mediaDevices?.getUserMedia === 'function' && typeof globalThis.AudioContext === 'function';

/**
 * The microphone and speakers through Web Audio. The microphone is read by a script processor
 * (one small callback on the page's thread, which needs no worklet file for the page's script
 * policy to allow) and encoded as phone audio; the agent's audio is queued back to back, and
 * `afterPlayed` waits for the queue's end on the audio clock. `playing` is told when the agent's
 * voice starts and stops being heard.
 */
export async function openBrowserPhoneLine(playing: (on: boolean) => void): Promise<BrowserPhoneLine> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
  const context = new AudioContext();
  await context.resume();
  const source = context.createMediaStreamSource(stream);
  const processor = context.createScriptProcessor(CAPTURE_BLOCK, 1, 1);
  const encode = phoneAudioEncoder(context.sampleRate);
  let muted = false;
  let send: ((audio: Uint8Array) => void) | null = null;
  processor.onaudioprocess = (event) => {
    for (const frame of encode(event.inputBuffer.getChannelData(0))) send?.(muted ? new Uint8Array(MEDIA_FRAME_BYTES).fill(SILENT) : frame);
  };
  source.connect(processor);
  // A script processor runs only while connected to an output; it writes nothing to it.
  processor.connect(context.destination);

  const queued = new Set<AudioBufferSourceNode>();
  const waiting = new Map<ReturnType<typeof setTimeout>, () => void>();
  /** When, on the audio clock, the queued audio ends. */
  let queueEnd = 0;
  const played = (node: AudioBufferSourceNode) => {
    queued.delete(node);
    if (queued.size === 0) playing(false);
  };
  const runWaiting = () => {
    for (const [timer, done] of waiting) {
      clearTimeout(timer);
      done();
    }
    waiting.clear();
  };

  return {
    listen(frame) {
      send = frame;
    },
    setMuted(on) {
      muted = on;
    },
    play(audio) {
      const samples = samplesOfPhoneAudio(audio);
      if (samples.length === 0) return;
      const buffer = context.createBuffer(1, samples.length, MEDIA_SAMPLE_RATE);
      buffer.copyToChannel(samples, 0);
      const node = context.createBufferSource();
      node.buffer = buffer;
      node.connect(context.destination);
      const at = Math.max(context.currentTime, queueEnd);
      node.start(at);
      queueEnd = at + buffer.duration;
      node.onended = () => played(node);
      if (queued.size === 0) playing(true);
      queued.add(node);
    },
    afterPlayed(done) {
      const wait = Math.max(0, queueEnd - context.currentTime);
      if (wait === 0) return done();
      const timer = setTimeout(() => {
        waiting.delete(timer);
        done();
      }, wait * 1000);
      waiting.set(timer, done);
    },
    clear() {
      for (const node of queued) {
        node.onended = null;
        node.stop();
      }
      queued.clear();
      queueEnd = context.currentTime;
      playing(false);
      runWaiting();
    },
    close() {
      send = null;
      for (const timer of waiting.keys()) clearTimeout(timer);
      waiting.clear();
      processor.disconnect();
      source.disconnect();
      for (const track of stream.getTracks()) track.stop();
      playing(false);
      void context.close();
    },
  };
}
