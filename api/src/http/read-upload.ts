import type { FastifyRequest } from 'fastify';
import type { AnySchema } from 'shared-contracts';
import { ApiError, badRequest } from './api-error';
import { UPLOAD_MAX_BYTES } from '../plugins/external/multipart';
import { signatureMismatch } from './file-signature';

interface PipeItem { type?: string; requirement?: unknown }
interface EntrySchema { pipe?: PipeItem[] }

/** The `maxSize` the contract's file schema allows, so a larger upload stops at that size, not after it. */
function maxBytesOf(body: AnySchema | undefined): number {
  const file = (body as { entries?: Record<string, EntrySchema> } | undefined)?.entries?.file;
  const max = file?.pipe?.find((item) => item.type === 'max_size')?.requirement;
  return typeof max === 'number' ? Math.min(max, UPLOAD_MAX_BYTES) : UPLOAD_MAX_BYTES;
}

// Browsers and operating systems disagree on the type of text files (a .md is often sent as
// application/octet-stream, a .csv as application/vnd.ms-excel); the extension decides then.
const TYPE_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain', md: 'text/markdown', markdown: 'text/markdown', csv: 'text/csv',
  pdf: 'application/pdf', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  mp3: 'audio/mpeg', wav: 'audio/wav',
};
const VAGUE_TYPES = new Set(['', 'application/octet-stream', 'application/vnd.ms-excel', 'text/x-markdown']);

function typeOf(fileName: string, sent: string): string {
  if (!VAGUE_TYPES.has(sent)) return sent;
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? sent;
}

export const UPLOAD_TOO_LARGE_TEXT = (bytes: number) => `The file must be at most ${Math.round(bytes / 1024 / 1024)} MB`;

export const MALFORMED_UPLOAD_TEXT = 'The upload was cut short or malformed: send the file again';

/**
 * Reading the body is where a broken request shows (no boundary, a part cut off): the client's
 * fault, answered 400. The plugin's own limit errors keep their status (413 and the like).
 */
function uploadError(error: unknown, maxBytes: number): Error {
  if (error instanceof ApiError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError(413, 'PayloadTooLarge', UPLOAD_TOO_LARGE_TEXT(maxBytes));
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error as Error;
  return badRequest(MALFORMED_UPLOAD_TEXT);
}

/**
 * Reads a multipart body's single `file` field into `{ file: File }` for the contract schema.
 * A request without a file gives `{}` (the schema then says "Choose a file to upload").
 */
export async function readUpload(request: FastifyRequest, body: AnySchema | undefined): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data');
  const maxBytes = maxBytesOf(body);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  let buffer: Buffer;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (part === undefined) return {};
    if (part.fieldname !== 'file') throw badRequest('Send the file in the field named file');
    buffer = await part.toBuffer();
  } catch (error) {
    throw uploadError(error, maxBytes);
  }
  // The plugin checks the limit only while chunks keep coming; when the cut falls on the last
  // chunk it returns the truncated file without an error, so ask the stream itself.
  if (part.file.truncated) throw new ApiError(413, 'PayloadTooLarge', UPLOAD_TOO_LARGE_TEXT(maxBytes));
  const type = typeOf(part.filename, part.mimetype);
  const mismatch = signatureMismatch(buffer, type);
  if (mismatch !== null) throw badRequest(mismatch);
  return { file: new File([buffer], part.filename, { type }) };
}
