import { apiUrl, authStore, tokenAtom } from 'shared-auth';
import { contract, extractErrorText } from 'shared-contracts';

export const VOICEMAIL_UPLOAD_FAILED_TEXT = 'The upload failed; check your connection and try again';

/**
 * Sends the voicemail recording as multipart field `file`. XMLHttpRequest rather than fetch:
 * only it reports upload progress, and a recording of several MB needs a progress bar.
 */
export function uploadVoicemail(file: File, accountId: string, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(contract.call.uploadDefaultVoicemail, { query: { accountId } }));
    const token = authStore.get(tokenAtom);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new Error(VOICEMAIL_UPLOAD_FAILED_TEXT));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        reject(new Error(VOICEMAIL_UPLOAD_FAILED_TEXT));
        return;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve((body as { data: { defaultVoicemailUrl: string } }).data.defaultVoicemailUrl);
      else reject(new Error(extractErrorText({ data: body })));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
