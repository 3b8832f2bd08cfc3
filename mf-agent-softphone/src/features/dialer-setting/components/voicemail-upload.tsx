import { useEffect, useRef, useState } from 'react';
import { notify, uploadFile } from 'shared-auth';
import { VOICEMAIL_MAX_BYTES, VOICEMAIL_MIME_TYPES, contract } from 'shared-contracts';
import { FilePickButton, Progress, Typography } from 'shared-ui';

export const VOICEMAIL_TOO_LARGE_TEXT = 'The file must be at most 10 MB';
export const VOICEMAIL_TYPE_TEXT = 'Upload an MP3 or WAV file';

interface Props {
  accountId: string;
  currentUrl: string | null;
  onUploaded: () => void;
}

/** The account's default voicemail: play the current one, upload a new one with progress. */
export function VoicemailUpload({ accountId, currentUrl, onUploaded }: Props) {
  const [percent, setPercent] = useState<number | null>(null);
  // Leaving the page cancels an upload still on its way.
  const cancel = useRef<AbortController | null>(null);
  useEffect(() => () => cancel.current?.abort(), []);

  const upload = async (file: File) => {
    // Checked here too, so a wrong file fails at once instead of after the upload.
    // Some systems send a WAV or MP3 with no type; the extension decides then, as on the server.
    const typed = (VOICEMAIL_MIME_TYPES as readonly string[]).includes(file.type);
    if (!typed && !(file.type === '' && /\.(mp3|wav)$/i.test(file.name))) return notify.error(VOICEMAIL_TYPE_TEXT);
    if (file.size > VOICEMAIL_MAX_BYTES) return notify.error(VOICEMAIL_TOO_LARGE_TEXT);
    setPercent(0);
    cancel.current = new AbortController();
    try {
      await uploadFile(contract.call.uploadDefaultVoicemail, file, { query: { accountId } }, { onProgress: setPercent, signal: cancel.current.signal });
      notify.success('Default voicemail uploaded');
      onUploaded();
    } catch (error) {
      if (!cancel.current.signal.aborted) notify.error(error);
    } finally {
      setPercent(null);
    }
  };

  return (
    <div style={{ display: 'grid', gap: 12, maxWidth: 420 }}>
      {currentUrl ? (
        <audio controls src={currentUrl} aria-label="Default voicemail" style={{ width: '100%' }} />
      ) : (
        <Typography.Text type="secondary">No default voicemail yet</Typography.Text>
      )}
      <FilePickButton accept=".mp3,.wav,audio/mpeg,audio/wav" inputLabel="Voicemail file" loading={percent !== null} onFile={(file) => void upload(file)}
        style={{ justifySelf: 'start' }}>
        {currentUrl ? 'Replace voicemail' : 'Upload voicemail'}
      </FilePickButton>
      {percent !== null && <Progress percent={percent} aria-label="Upload progress" />}
      <Typography.Text type="secondary">MP3 or WAV, at most 10 MB.</Typography.Text>
    </div>
  );
}
