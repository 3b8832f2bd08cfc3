import {
  CreateAiClientBody, DEFAULT_AI_CLIENT_TYPE, defaultProviderFor, type AiClientProvider, type AiClientType,
} from 'shared-contracts';
import { validateWith } from 'shared-ui';

export interface AddAiClientValues {
  type?: AiClientType;
  client?: AiClientProvider;
  model?: string;
}

/** The form starts with type "AI Client" and the first client selected. */
export const INITIAL_VALUES: AddAiClientValues = {
  type: DEFAULT_AI_CLIENT_TYPE,
  client: defaultProviderFor(DEFAULT_AI_CLIENT_TYPE),
  model: '',
};

/** The contract's rules ("Client Type is required", "Ai Client is required", "Ai Model is required"). */
export const validateAddAiClient = validateWith<AddAiClientValues>(CreateAiClientBody, (values) => ({
  type: values.type,
  client: values.client,
  model: values.model ?? '',
}));
