import { apiUrl, authStore, tokenAtom } from 'shared-auth';
import { contract, extractErrorText, type DataOf } from 'shared-contracts';

export type GeneratedText = DataOf<typeof contract.knowledge.generateText>;

export const UPLOAD_FAILED_TEXT = 'The upload failed; check your connection and try again';

/**
 * Sends a document to knowledge/generate-text. XMLHttpRequest, not fetch: only it reports
 * upload progress, which a large PDF needs for the progress bar.
 */
export function uploadKnowledge(file: File, onProgress: (percent: number) => void): Promise<GeneratedText> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(contract.knowledge.generateText, { query: { type: 'knowledge' } }));
    const token = authStore.get(tokenAtom);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new Error(UPLOAD_FAILED_TEXT));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        reject(new Error(UPLOAD_FAILED_TEXT));
        return;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve((body as { data: GeneratedText }).data);
      else reject(new Error(extractErrorText({ data: body })));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
