import type { AgentVoice } from 'shared-contracts';

type VoiceSeed = Omit<AgentVoice, 'imageUrl'> & { color: string };

/**
 * The voices the TTS providers offer. The catalogue is ours (the providers' voice lists need
 * their API keys); each voice gets an avatar drawn from its initials, so the picker shows an
 * image without fetching anything from outside.
 */
const SEEDS: readonly VoiceSeed[] = [
  { id: 'openai-alloy', name: 'Alloy', provider: 'OpenAI', gender: 'neutral', accent: 'American', language: 'en-US', previewUrl: null, color: '#1677ff' },
  { id: 'openai-nova', name: 'Nova', provider: 'OpenAI', gender: 'female', accent: 'American', language: 'en-US', previewUrl: null, color: '#eb2f96' },
  { id: 'openai-onyx', name: 'Onyx', provider: 'OpenAI', gender: 'male', accent: 'American', language: 'en-US', previewUrl: null, color: '#595959' },
  { id: 'elevenlabs-rachel', name: 'Rachel', provider: 'Elevenlabs', gender: 'female', accent: 'American', language: 'en-US', previewUrl: null, color: '#722ed1' },
  { id: 'elevenlabs-adam', name: 'Adam', provider: 'Elevenlabs', gender: 'male', accent: 'American', language: 'en-US', previewUrl: null, color: '#13c2c2' },
  { id: 'elevenlabs-lucia', name: 'Lucía', provider: 'Elevenlabs', gender: 'female', accent: 'Mexican', language: 'es-US', previewUrl: null, color: '#fa8c16' },
  { id: 'deepgram-asteria', name: 'Asteria', provider: 'Deepgram', gender: 'female', accent: 'American', language: 'en-US', previewUrl: null, color: '#52c41a' },
  { id: 'deepgram-orion', name: 'Orion', provider: 'Deepgram', gender: 'male', accent: 'American', language: 'en-US', previewUrl: null, color: '#2f54eb' },
  { id: 'playht-jennifer', name: 'Jennifer', provider: 'PlayHT', gender: 'female', accent: 'American', language: 'en-US', previewUrl: null, color: '#f5222d' },
  { id: 'playht-mateo', name: 'Mateo', provider: 'PlayHT', gender: 'male', accent: 'Colombian', language: 'es-US', previewUrl: null, color: '#a0d911' },
  { id: 'polly-joanna', name: 'Joanna', provider: 'Amazon Polly', gender: 'female', accent: 'American', language: 'en-US', previewUrl: null, color: '#fa541c' },
  { id: 'polly-matthew', name: 'Matthew', provider: 'Amazon Polly', gender: 'male', accent: 'American', language: 'en-US', previewUrl: null, color: '#08979c' },
];

const initials = (name: string) => name.slice(0, 2).toUpperCase();

/** A round avatar with the voice's initials, as a data URL (no image host needed). */
const avatar = (name: string, color: string) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${color}"/><text x="32" y="40" font-family="Arial,sans-serif" font-size="24" fill="#fff" text-anchor="middle">${initials(name)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
};

export const VOICES: readonly AgentVoice[] = SEEDS.map(({ color, ...voice }) => ({ ...voice, imageUrl: avatar(voice.name, color) }));

export const isKnownVoice = (id: string) => VOICES.some((v) => v.id === id);
