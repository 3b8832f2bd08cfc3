import * as v from 'valibot';
import { endpoint } from './endpoint';
import { FileUpload, requestObject } from '../schemas/common';

/** `knowledge`: the document's text for an agent's knowledge; `prompt`: agent instructions drafted from it. */
export const KNOWLEDGE_TEXT_TYPES = ['knowledge', 'prompt'] as const;
export const KNOWLEDGE_MIME_TYPES = [
  'application/pdf',
  'text/plain',
  'text/markdown',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export const KNOWLEDGE_MAX_BYTES = 10 * 1024 * 1024;

export const GenerateTextQuery = v.object({
  type: v.optional(v.picklist(KNOWLEDGE_TEXT_TYPES, 'Type must be knowledge or prompt'), 'knowledge'),
});
export const GenerateTextUpload = requestObject({
  file: FileUpload(KNOWLEDGE_MIME_TYPES, KNOWLEDGE_MAX_BYTES, 'a PDF, Word, text, Markdown or CSV file'),
});

export const knowledgeContract = {
  generateText: endpoint({
    method: 'POST', path: '/knowledge/generate-text', summary: 'Text from an uploaded document, for an agent\'s knowledge or instructions (multipart field file)',
    query: GenerateTextQuery, body: GenerateTextUpload, multipart: true,
    response: v.object({ type: v.picklist(KNOWLEDGE_TEXT_TYPES), text: v.string(), fileName: v.string(), characters: v.number() }),
    roles: ['USER'], tenant: [], publicApi: true,
  }),
} as const;
