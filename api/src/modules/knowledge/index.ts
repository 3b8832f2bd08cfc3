import { generateText } from './generate-text';

export const knowledgeEndpoints = [generateText];
export { textExtractionPlugin } from './text-extraction';
