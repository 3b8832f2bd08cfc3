import { createAiClient } from './create-ai-client';
import { deleteAiClient } from './delete-ai-client';
import { getAiClient } from './get-ai-client';
import { getAiClients } from './get-ai-clients';
import { getAllClients } from './get-all-clients';
import { testAiClient } from './test-ai-client';
import { updateAiClient } from './update-ai-client';

export { createCredentialCipher, type CredentialCipher } from './credential-cipher';

export const aiClientEndpoints = [getAllClients, createAiClient, getAiClients, getAiClient, updateAiClient, testAiClient, deleteAiClient];
export { chatCompletionsClientFor, languageModelFor, type ModelConfig } from './language-model';
export { createChatCompletionsClient, type ChatCallOptions, type ChatCompletionsClient, type ChatFinishReason, type ChatPart } from './chat-completions-client';
export { speechConfigOf, storedCredentials, type SpeechConfig } from './speech-config';
export { canProbeSpeech, probeSpeech } from './speech-probe';
export { playHtSpeech, playHtVoices } from './playht-speech';
