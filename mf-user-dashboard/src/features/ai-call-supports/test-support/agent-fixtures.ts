import type { AgentVoice, AiAgent, AiClientOptions } from 'shared-contracts';

export const agentId = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const makeAgent = (overrides: Partial<AiAgent> = {}): AiAgent => ({
  id: agentId(1), name: 'Front Desk', handleCallType: 'inbound', phoneNumber: '+15551230001', campaignActive: false, campaignPausedReason: null,
  createdAt: '2026-03-01T15:00:00.000Z', updatedAt: '2026-03-01T15:00:00.000Z',
  greeting: 'Hello, Acme Dental.', prompt: 'Book cleanings for callers.', voiceId: 'openai-nova',
  textClientId: null, sttClientId: null, language: 'en-US', speechPath: 'twilio', transferNumber: null, knowledge: '',
  squareLocationId: null, calendarIntegrationId: null, maxCallMinutes: 10, recordCalls: true, workingHours: null, bookingRules: null,
  customTools: [], toolSecretPrefix: null, analysisFields: [], successCriterion: '', temperature: null, maxReplyTokens: null, version: 1,
  ...overrides,
});

const voice = (id: string, name: string, gender: AgentVoice['gender']): AgentVoice => ({
  id, name, provider: 'OpenAI', gender, accent: 'American', language: 'en-US', previewUrl: null, imageUrl: `data:image/svg+xml;base64,${id}`, providerPreview: false,
});

export const VOICES: AgentVoice[] = [voice('openai-alloy', 'Alloy', 'neutral'), voice('openai-nova', 'Nova', 'female')];

export const aiClientId = (n: number) => `10000000-0000-4000-8000-0000000005${String(n).padStart(2, '0')}`;

/** What ai-client/get-ai-clients offers: by default no text model, as on a fresh install. */
export const aiClientOptions = (text: AiClientOptions['text'] = []): AiClientOptions => ({ text, stt: [] });

export const TEXT_CLIENTS: AiClientOptions['text'] = [
  { id: aiClientId(1), name: 'OpenAI', model: 'gpt-4o-mini', purpose: null },
  { id: aiClientId(2), name: 'Claude', model: 'claude-sonnet', purpose: 'Bookings' },
];
