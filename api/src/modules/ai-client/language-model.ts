import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import type { LanguageModel } from 'ai';
import { createChatCompletionsClient, type ChatCompletionsClient } from './chat-completions-client';

/** An administrator's AI client as the server holds it once its credentials are decrypted. */
export interface ModelConfig {
  provider: 'OpenAI' | 'Gemini' | 'Claude';
  model: string;
  apiKey: string;
  /** Another endpoint for the provider's API: for OpenAI, any OpenAI-compatible server. */
  baseUrl?: string | undefined;
}

interface ProviderClients {
  model: LanguageModel;
  /** The lean streaming client, for OpenAI's wire format. */
  chat: ChatCompletionsClient | null;
}

/** AI clients a server talks to: a handful, so a small bound keeps stale ones from piling up. */
const MAX_CACHED_CLIENTS = 64;
const cached = new Map<string, ProviderClients>();

/**
 * The provider clients of an AI client, made once and shared by every call (making one builds
 * the SDK's response schemas, which costs a millisecond or two). The official OpenAI client also
 * reads OPENAI_BASE_URL when made, so that is part of what tells two apart.
 */
function clientsFor(config: ModelConfig): ProviderClients {
  const { provider, model, apiKey, baseUrl } = config;
  const key = JSON.stringify([provider, model, apiKey, baseUrl ?? null, provider === 'OpenAI' && baseUrl === undefined ? process.env.OPENAI_BASE_URL ?? null : null]);
  let clients = cached.get(key);
  if (clients === undefined) {
    clients = makeClients(config);
    if (cached.size >= MAX_CACHED_CLIENTS) cached.delete(cached.keys().next().value!);
    cached.set(key, clients);
  }
  return clients;
}

/**
 * The provider's own client for each AI client. OpenAI goes through its chat completions API,
 * which every OpenAI-compatible server (Ollama, vLLM, company gateways) also speaks; the
 * official OpenAI client assumes OpenAI's own extras, so a base URL gets the generic one (both
 * inside the lean chat completions client, whose `model` is the SDK's).
 */
function makeClients(config: ModelConfig): ProviderClients {
  const { apiKey, baseUrl } = config;
  switch (config.provider) {
    case 'OpenAI': {
      const chat = createChatCompletionsClient({ ...config, provider: 'OpenAI' });
      return { model: chat.model, chat };
    }
    case 'Claude':
      return { model: createAnthropic({ apiKey, ...(baseUrl === undefined ? {} : { baseURL: baseUrl }) })(config.model), chat: null };
    case 'Gemini':
      return { model: createGoogleGenerativeAI({ apiKey, ...(baseUrl === undefined ? {} : { baseURL: baseUrl }) })(config.model), chat: null };
  }
}

/** The AI SDK's language model of an AI client: whole answers, structured output, Claude's and Gemini's streams. */
export function languageModelFor(config: ModelConfig): LanguageModel {
  return clientsFor(config).model;
}

/** The lean streaming client of an AI client in OpenAI's wire format; null for Claude and Gemini. */
export function chatCompletionsClientFor(config: ModelConfig): ChatCompletionsClient | null {
  return clientsFor(config).chat;
}
