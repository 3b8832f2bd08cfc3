// The browser's own speech, where it has it: synthesis speaks the agent's lines, recognition
// turns the caller's voice into lines, as Twilio does on a phone call.

/** The part of the Web Speech API's SpeechRecognition we use (TypeScript's DOM types lack it). */
interface Recognition {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult: ((event: { resultIndex: number; results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }> }) => void) | null;
  onend: (() => void) | null;
  onerror: ((event: { error?: string }) => void) | null;
  start(): void;
  stop(): void;
}

type RecognitionConstructor = new () => Recognition;

const LANG = 'en-US';

function recognitionConstructor(): RecognitionConstructor | null {
  const scope = globalThis as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

export const canRecognizeSpeech = (): boolean => recognitionConstructor() !== null;

const synthesis = (): SpeechSynthesis | null =>
  typeof globalThis.speechSynthesis === 'object' && typeof globalThis.SpeechSynthesisUtterance === 'function' ? globalThis.speechSynthesis : null;

/** Speaks a line aloud after any line still being spoken; does nothing where the browser cannot. */
export function speak(text: string): void {
  const synth = synthesis();
  if (synth === null || text.trim() === '') return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = LANG;
  synth.speak(utterance);
}

/** Stops speaking at once: the caller is talking over the agent, or has hung up. */
export function stopSpeaking(): void {
  synthesis()?.cancel();
}

export interface SpeechInput {
  stop(): void;
}

/**
 * Listens until stopped; each final phrase goes to `onLine`. `onStopped` fires once when it stops,
 * however it stopped (asked to, silence, a refused microphone). Null where the browser cannot.
 */
export function listen(onLine: (text: string) => void, onStopped: (error: string | null) => void): SpeechInput | null {
  const Constructor = recognitionConstructor();
  if (Constructor === null) return null;
  const recognition = new Constructor();
  recognition.continuous = true;
  recognition.interimResults = false;
  recognition.lang = LANG;
  let error: string | null = null;
  recognition.onresult = (event) => {
    for (let i = event.resultIndex; i < event.results.length; i += 1) {
      const result = event.results[i]!;
      if (result.isFinal && result[0].transcript.trim() !== '') onLine(result[0].transcript.trim());
    }
  };
  recognition.onerror = (event) => {
    error = event.error === 'not-allowed' || event.error === 'service-not-allowed'
      ? 'The browser was not allowed to use the microphone'
      : event.error === 'no-speech' || event.error === 'aborted' ? null : 'Speech recognition stopped';
  };
  recognition.onend = () => onStopped(error);
  try {
    recognition.start();
  } catch {
    return null;
  }
  return { stop: () => recognition.stop() };
}
