import { CONTRACT_HEADER, FETCH_ERROR } from 'shared-contracts';
import type { EndpointDef, RequestOf, ResponseOf } from 'shared-contracts';
import { ApiError, FETCH_LAYER_TEXT } from './api-error';
import { apiUrl } from './call-api';
import { checkAnswer } from './contract-check';
import { readAnswer } from './read-answer';
import { requestHeaders } from './request-headers';

export interface UploadOptions {
  /** Called with 0 to 100 as the file goes out. */
  onProgress?: (percent: number) => void;
  /** Cancels the upload; a cancelled upload rejects with an AbortError, as fetch does. */
  signal?: AbortSignal;
}

type MultipartEndpoint = EndpointDef & { multipart: true };

/**
 * Sends one file to a multipart endpoint of the contract table (field `file`) and resolves with
 * its `{ data }` body, like callApi: the same Authorization header, the same errors, and an
 * Unauthorized answer ends the session. XMLHttpRequest rather than fetch: only it reports
 * upload progress, which a file of several MB needs. No timeout: a large file on a slow line
 * may take minutes, and the user can cancel.
 */
export function uploadFile<E extends MultipartEndpoint>(
  endpoint: E,
  file: Blob,
  request: Omit<RequestOf<E>, 'body'>,
  { onProgress, signal }: UploadOptions = {},
): Promise<ResponseOf<E>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, apiUrl(endpoint, request));
    for (const [name, value] of Object.entries(requestHeaders(endpoint))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    const cancel = () => xhr.abort();
    signal?.addEventListener('abort', cancel, { once: true });
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', cancel);
      outcome();
    };
    xhr.onabort = () => settle(() => reject(new DOMException('The upload was cancelled', 'AbortError')));
    xhr.onerror = () => settle(() => reject(new ApiError(FETCH_ERROR, undefined, FETCH_LAYER_TEXT[FETCH_ERROR])));
    xhr.onload = () => settle(() => {
      try {
        const answer = readAnswer<E>(xhr.status, xhr.responseText);
        checkAnswer(endpoint, xhr.getResponseHeader(CONTRACT_HEADER), answer.data, xhr.status);
        resolve(answer);
      } catch (error) {
        reject(error);
      }
    });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
