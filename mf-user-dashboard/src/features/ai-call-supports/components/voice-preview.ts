import type { AgentVoice } from 'shared-contracts';

/** What the picker says when the agent has no greeting yet. */
export const VOICE_SAMPLE_TEXT = 'Thanks for calling. How can I help you today?';

/**
 * How a voice can be heard before a call: the provider's own recording when the catalogue has
 * one, else the browser speaking the greeting in the voice's language (its own voice, not the
 * call's), else not at all.
 */
export type VoicePreview = { kind: 'recording'; url: string } | { kind: 'browser' } | null;

const browserCanSpeak = (): boolean =>
  typeof window !== 'undefined' && 'speechSynthesis' in window && typeof window.SpeechSynthesisUtterance === 'function';

export function voicePreviewOf(voice: AgentVoice): VoicePreview {
  if (voice.previewUrl) return { kind: 'recording', url: voice.previewUrl };
  return browserCanSpeak() ? { kind: 'browser' } : null;
}

/** Plays the preview; starting another stops the one before. */
export function playVoicePreview(voice: AgentVoice, preview: Exclude<VoicePreview, null>, sampleText: string): void {
  if (preview.kind === 'recording') {
    void new Audio(preview.url).play().catch(() => undefined);
    return;
  }
  const utterance = new window.SpeechSynthesisUtterance(sampleText.trim() || VOICE_SAMPLE_TEXT);
  if (voice.language) utterance.lang = voice.language;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}
