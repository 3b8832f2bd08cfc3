import { AGENT_KNOWLEDGE_MAX_LENGTH, contract } from 'shared-contracts';
import { badRequest } from '../../http/api-error';
import { implement } from '../../http/implement';
import { requireFeature } from '../entitlements';

export const TEXT_TOO_LONG_TEXT = `The document has more than ${AGENT_KNOWLEDGE_MAX_LENGTH.toLocaleString('en-US')} characters of text; upload a shorter one`;

/**
 * Instructions built from a document. Drafting them with an AI model needs a provider we do
 * not call from here; a fixed frame around the text gives the agent the same facts to use.
 */
const asPrompt = (fileName: string, text: string) =>
  `Answer callers using the facts in "${fileName}" below. If the answer is not there, say you will pass the question on.\n\n${text}`;

export const generateText = implement(contract.knowledge.generateText, async ({ query, body, user, db, app }) => {
  // Drafting instructions from a document is part of every plan; an agent's own knowledge is not.
  if (query.type === 'knowledge') await requireFeature(db, user.accountId, 'customKnowledgeBase');
  const file = body.file as File;
  const extracted = await app.textExtraction.extract(file);
  const text = query.type === 'prompt' ? asPrompt(file.name, extracted) : extracted;
  if (text.length > AGENT_KNOWLEDGE_MAX_LENGTH) throw badRequest(TEXT_TOO_LONG_TEXT);
  return { type: query.type, text, fileName: file.name, characters: text.length };
});
