import type { AgentVoice } from 'shared-contracts';

/** What the picker says when the agent has no greeting yet. */
export const VOICE_SAMPLE_TEXT = 'Thanks for calling. How can I help you today?';

/**
 * How a voice can be heard before a call: spoken in itself by the administrator's speech client
 * of its provider (agent/preview-voice), the provider's own recording when the catalogue has one,
 * else the browser speaking the greeting in the voice's language (its own voice, not the call's),
 * else not at all.
 */
export type VoicePreview = { kind: 'provider' } | { kind: 'recording'; url: string } | { kind: 'browser' } | null;

const browserCanSpeak = (): boolean =>
  typeof window !== 'undefined' && 'speechSynthesis' in window && typeof window.SpeechSynthesisUtterance === 'function';

export function voicePreviewOf(voice: AgentVoice): VoicePreview {
  if (voice.providerPreview) return { kind: 'provider' };
  if (voice.previewUrl) return { kind: 'recording', url: voice.previewUrl };
  return browserCanSpeak() ? { kind: 'browser' } : null;
}

/** The sentence a preview speaks: the greeting as typed, or a sample. */
export const previewSentence = (sampleText: string) => sampleText.trim() || VOICE_SAMPLE_TEXT;

/** Plays audio the provider spoke (base64), as a data URL. */
export function playSpokenAudio(audio: { contentType: string; base64: string }): void {
  void new Audio(`data:${audio.contentType};base64,${audio.base64}`).play().catch(() => undefined);
}

/** Plays a recording or the browser's own voice; starting another stops the one before. */
export function playVoicePreview(voice: AgentVoice, preview: Exclude<VoicePreview, null | { kind: 'provider' }>, sampleText: string): void {
  if (preview.kind === 'recording') {
    void new Audio(preview.url).play().catch(() => undefined);
    return;
  }
  const utterance = new window.SpeechSynthesisUtterance(previewSentence(sampleText));
  if (voice.language) utterance.lang = voice.language;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}
