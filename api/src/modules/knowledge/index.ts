import { generateText } from './generate-text';

export const knowledgeEndpoints = [generateText];
