// The provider clients live with the AI clients (whose connection test uses them too); the
// responders reach them through here.
export { chatCompletionsClientFor, languageModelFor, type ModelConfig } from '../../ai-client';

/** How one agent asks the model to answer; null leaves each to the provider's default or the house cap. */
export interface ModelSettings {
  temperature: number | null;
  maxReplyTokens: number | null;
}
