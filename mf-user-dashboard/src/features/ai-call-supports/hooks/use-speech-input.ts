import { useCallback, useEffect, useRef, useState } from 'react';
import { listen, type SpeechInput } from '../api/browser-speech';

/** The browser's microphone as a toggle: each final phrase it recognises goes to `onPhrase`. */
export function useSpeechInput(onPhrase: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const [micError, setMicError] = useState<string | null>(null);
  const mic = useRef<SpeechInput | null>(null);

  const stopListening = useCallback(() => {
    const current = mic.current;
    mic.current = null;
    current?.stop();
    setListening(false);
  }, []);

  const toggleMic = () => {
    if (mic.current !== null) {
      stopListening();
      return;
    }
    setMicError(null);
    const input = listen(onPhrase, (failure) => {
      if (mic.current === input) mic.current = null;
      setListening(false);
      setMicError(failure);
    });
    mic.current = input;
    setListening(input !== null);
  };

  // Leaving the screen stops the microphone.
  useEffect(() => () => mic.current?.stop(), []);

  return { listening, micError, toggleMic, stopListening };
}
