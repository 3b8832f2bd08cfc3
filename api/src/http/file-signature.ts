/**
 * Whether a file's first bytes are those of the type it claims, for the types whose files the
 * server parses or serves back (a page labelled audio/mpeg must not be stored as a voicemail).
 * Text types have no signature; their reader refuses what is not UTF-8 text.
 */
const startsWith = (bytes: Uint8Array, text: string, at = 0) =>
  bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

const isMp3 = (b: Uint8Array) => startsWith(b, 'ID3') || (b.length > 1 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0);
const isWav = (b: Uint8Array) => startsWith(b, 'RIFF') && startsWith(b, 'WAVE', 8);
// A PDF's header may follow some bytes of junk; readers look for it in the first kilobyte.
const isPdf = (b: Uint8Array) => Buffer.from(b.subarray(0, 1024)).includes('%PDF-');
const isZip = (b: Uint8Array) => startsWith(b, 'PK\u0003\u0004');

const SIGNATURES: Record<string, { matches: (bytes: Uint8Array) => boolean; label: string }> = {
  'audio/mpeg': { matches: isMp3, label: 'an MP3 file' },
  'audio/mp3': { matches: isMp3, label: 'an MP3 file' },
  'audio/wav': { matches: isWav, label: 'a WAV file' },
  'audio/x-wav': { matches: isWav, label: 'a WAV file' },
  'audio/wave': { matches: isWav, label: 'a WAV file' },
  'application/pdf': { matches: isPdf, label: 'a PDF file' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { matches: isZip, label: 'a Word (.docx) file' },
};

/** The refusal for a file whose bytes are not what its type says, or null when they are (or the type has no signature). */
export function signatureMismatch(bytes: Uint8Array, type: string): string | null {
  const signature = SIGNATURES[type];
  if (signature === undefined || bytes.length === 0 || signature.matches(bytes)) return null;
  return `The file is not ${signature.label}: its contents do not match its type`;
}
