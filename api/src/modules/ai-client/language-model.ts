import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';

/** An administrator's AI client as the server holds it once its credentials are decrypted. */
export interface ModelConfig {
  provider: 'OpenAI' | 'Gemini' | 'Claude';
  model: string;
  apiKey: string;
  /** Another endpoint for the provider's API: for OpenAI, any OpenAI-compatible server. */
  baseUrl?: string | undefined;
}

/**
 * The provider's own client for each AI client. OpenAI goes through its chat completions API,
 * which every OpenAI-compatible server (Ollama, vLLM, company gateways) also speaks; the
 * official OpenAI client assumes OpenAI's own extras, so a base URL gets the generic one.
 */
export function languageModelFor(config: ModelConfig): LanguageModel {
  const { apiKey, baseUrl } = config;
  switch (config.provider) {
    case 'OpenAI':
      return baseUrl === undefined
        ? createOpenAI({ apiKey }).chat(config.model)
        : createOpenAICompatible({ name: 'openai-compatible', apiKey, baseURL: baseUrl }).chatModel(config.model);
    case 'Claude':
      return createAnthropic({ apiKey, ...(baseUrl === undefined ? {} : { baseURL: baseUrl }) })(config.model);
    case 'Gemini':
      return createGoogleGenerativeAI({ apiKey, ...(baseUrl === undefined ? {} : { baseURL: baseUrl }) })(config.model);
  }
}
