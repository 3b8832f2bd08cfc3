import mammoth from 'mammoth';
import { extractText as extractPdfText, getDocumentProxy } from 'unpdf';
import { badRequest } from '../../http/api-error';

export const NOT_UTF8_TEXT = 'The file is not UTF-8 text';
export const UNREADABLE_DOCUMENT_TEXT = 'The document could not be read; is it a valid PDF or Word file?';
export const NO_TEXT_FOUND_TEXT = 'No text was found in the document';

const decodeUtf8 = (bytes: Uint8Array) => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(NOT_UTF8_TEXT);
  }
};

async function fromPdf(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(bytes);
  const { text } = await extractPdfText(pdf, { mergePages: true });
  return text;
}

async function fromDocx(bytes: Uint8Array): Promise<string> {
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return value;
}

/** Collapses runs of blank lines and trailing spaces that PDF and Word extraction leave behind. */
const tidy = (text: string) => text.replace(/\r\n?/g, '\n').replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();

/** The plain text of an uploaded document, by its (already validated) MIME type. */
export async function extractText(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  if (file.type === 'application/pdf' || file.type.endsWith('wordprocessingml.document')) {
    try {
      text = file.type === 'application/pdf' ? await fromPdf(bytes) : await fromDocx(bytes);
    } catch {
      throw badRequest(UNREADABLE_DOCUMENT_TEXT);
    }
  } else {
    text = decodeUtf8(bytes).replace(/^\uFEFF/, '');
  }
  const result = tidy(text);
  if (result === '') throw badRequest(NO_TEXT_FOUND_TEXT);
  return result;
}
