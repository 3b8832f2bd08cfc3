import type { AiClient, AiClientListItem } from 'shared-contracts';

let seq = 0;
const id = () => `00000000-0000-4000-a000-${String(++seq).padStart(12, '0')}`;

export function makeAiClientItem(overrides: Partial<AiClientListItem> = {}): AiClientListItem {
  return { id: id(), name: 'OpenAI', type: 'AI Client', model: 'gpt-4o', purpose: 'Inbound reception', enabled: true, ...overrides };
}

export function makeAiClient(overrides: Partial<AiClient> = {}): AiClient {
  return {
    ...makeAiClientItem(),
    hasCredentials: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}
