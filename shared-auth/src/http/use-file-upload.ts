import { useEffect, useRef, useState } from 'react';
import { extractErrorText, fileTooLargeText, type DataOf, type EndpointDef, type RequestOf } from 'shared-contracts';
import { uploadFile } from './upload-file';

type MultipartEndpoint = EndpointDef & { multipart: true };

/** What a picked file is checked against before it goes out; the numbers are shared-contracts' limits. */
export interface FileLimits {
  maxBytes: number;
  /** Without it the server alone judges the type (it also reads the type from the extension). */
  type?: {
    mimeTypes: readonly string[];
    /** Extensions (no dot) that decide when the browser reports no type, as the server does. */
    extensions?: readonly string[];
    /** The refusal for any other type, e.g. "Upload an MP3 or WAV file". */
    text: string;
  };
}

export type FileUploadState<T> =
  | { phase: 'idle' }
  | { phase: 'uploading'; file: File; percent: number }
  | { phase: 'done'; file: File; result: T }
  /** The file is kept, so the same one can be sent again. */
  | { phase: 'failed'; file: File; error: string };

export interface FileUploadOptions<E extends MultipartEndpoint> {
  limits: FileLimits;
  /** The endpoint's params and query; the file is the body. */
  request: Omit<RequestOf<E>, 'body'>;
  /** Runs once the server has answered; a rejection counts as a failed upload. */
  onSuccess?: (result: DataOf<E>, file: File) => unknown;
  /** A refusal's text or the thrown error as it came, for screens that toast rather than show `state.error`. */
  onError?: (error: unknown) => void;
}

export interface FileUpload<T> {
  state: FileUploadState<T>;
  uploading: boolean;
  /** Checks the file against the limits and, when it passes, uploads it. */
  pick: (file: File) => void;
  /** Sends the file of a failed upload again. */
  retry: () => void;
}

/** Why a file cannot be sent, or null when it may be. The type is checked first, as the server does. */
export function fileRefusal(file: File, { maxBytes, type }: FileLimits): string | null {
  if (type) {
    const named = type.extensions?.some((extension) => file.name.toLowerCase().endsWith(`.${extension.toLowerCase()}`)) ?? false;
    if (!type.mimeTypes.includes(file.type) && !(file.type === '' && named)) return type.text;
  }
  return file.size > maxBytes ? fileTooLargeText(maxBytes) : null;
}

/**
 * One file upload to a multipart endpoint: the checks before sending, the progress, the error
 * text and the result. A new pick, or leaving the screen, cancels an upload still on its way.
 */
export function useFileUpload<E extends MultipartEndpoint>(
  endpoint: E,
  { limits, request, onSuccess, onError }: FileUploadOptions<E>,
): FileUpload<DataOf<E>> {
  const [state, setState] = useState<FileUploadState<DataOf<E>>>({ phase: 'idle' });
  const cancel = useRef<AbortController | null>(null);
  useEffect(() => () => cancel.current?.abort(), []);

  const send = async (file: File) => {
    cancel.current?.abort();
    const refusal = fileRefusal(file, limits);
    if (refusal !== null) {
      setState({ phase: 'failed', file, error: refusal });
      onError?.(refusal);
      return;
    }
    const controller = new AbortController();
    cancel.current = controller;
    setState({ phase: 'uploading', file, percent: 0 });
    try {
      const { data } = await uploadFile(endpoint, file, request, {
        onProgress: (percent) => setState({ phase: 'uploading', file, percent }),
        signal: controller.signal,
      });
      setState({ phase: 'done', file, result: data });
      await onSuccess?.(data, file);
    } catch (error) {
      // Cancelled by a newer pick or by leaving: nobody is waiting for this answer.
      if (controller.signal.aborted) return;
      setState({ phase: 'failed', file, error: extractErrorText(error) });
      onError?.(error);
    }
  };

  return {
    state,
    uploading: state.phase === 'uploading',
    pick: (file) => void send(file),
    retry: () => {
      if (state.phase === 'failed') void send(state.file);
    },
  };
}
