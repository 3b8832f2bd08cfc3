import { AI_CLIENT_PROVIDERS, AI_CLIENT_PROVIDERS_BY_TYPE, AI_CLIENT_TYPES, DEFAULT_AI_CLIENT_TYPE, defaultProviderFor, isProviderForType, providersForType, totalPages } from './ai-clients';
import { orNotAvailable } from './display';

test('every provider offers at least one type, and every type has providers in the spec\'s order', () => {
  for (const p of AI_CLIENT_PROVIDERS) expect(AI_CLIENT_TYPES.some((t) => isProviderForType(t, p))).toBe(true);
  for (const t of AI_CLIENT_TYPES) {
    const list = providersForType(t);
    expect(list.length).toBeGreaterThan(0);
    expect([...list].sort((a, b) => AI_CLIENT_PROVIDERS.indexOf(a) - AI_CLIENT_PROVIDERS.indexOf(b))).toEqual([...list]);
  }
});

test('language models are AI clients only; voices are TTS only', () => {
  expect(AI_CLIENT_PROVIDERS_BY_TYPE['AI Client']).toEqual(['OpenAI', 'Gemini', 'Claude']);
  expect(isProviderForType('STT Client', 'Claude')).toBe(false);
  expect(isProviderForType('TTS Client', 'Amazon Polly')).toBe(true);
  expect(isProviderForType('AI Client', 'Amazon Polly')).toBe(false);
  expect(isProviderForType('STT Client', 'Deepgram')).toBe(true);
});

test('the Add dialog starts on AI Client with the first client', () => {
  expect(defaultProviderFor(DEFAULT_AI_CLIENT_TYPE)).toBe('OpenAI');
  for (const t of AI_CLIENT_TYPES) expect(defaultProviderFor(t)).toBe(AI_CLIENT_PROVIDERS_BY_TYPE[t][0]);
});

test('totalPages: page size 10, at least one page', () => {
  expect(totalPages(0)).toBe(1);
  expect(totalPages(10)).toBe(1);
  expect(totalPages(11)).toBe(2);
  expect(totalPages(25, 5)).toBe(5);
  expect(totalPages(-3)).toBe(1);
});

test('N/A for missing values', () => {
  expect(orNotAvailable(null)).toBe('N/A');
  expect(orNotAvailable(undefined)).toBe('N/A');
  expect(orNotAvailable('  ')).toBe('N/A');
  expect(orNotAvailable('gpt-4o')).toBe('gpt-4o');
  expect(orNotAvailable(0)).toBe('0');
});
