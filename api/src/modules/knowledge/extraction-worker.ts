import mammoth from 'mammoth';
import { extractText as extractPdfText, getDocumentProxy } from 'unpdf';

/**
 * Runs in a worker thread with its own memory cap (knowledge/text-extraction.ts): a document
 * crafted to expand without end exhausts the worker, never the API.
 */
export interface ExtractionTask {
  bytes: Uint8Array;
  type: string;
}

export type ExtractionResult = { ok: true; text: string } | { ok: false; reason: 'not-utf8' | 'unreadable' };

async function read({ bytes, type }: ExtractionTask): Promise<string> {
  if (type === 'application/pdf') {
    const { text } = await extractPdfText(await getDocumentProxy(bytes), { mergePages: true });
    return text;
  }
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return value;
}

export default async function extract(task: ExtractionTask): Promise<ExtractionResult> {
  if (task.type === 'application/pdf' || task.type.endsWith('wordprocessingml.document')) {
    try {
      return { ok: true, text: await read(task) };
    } catch {
      return { ok: false, reason: 'unreadable' };
    }
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(task.bytes) };
  } catch {
    return { ok: false, reason: 'not-utf8' };
  }
}
