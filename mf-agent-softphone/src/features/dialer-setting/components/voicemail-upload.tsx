import { notify, useFileUpload } from 'shared-auth';
import { VOICEMAIL_MAX_BYTES, VOICEMAIL_MIME_TYPES, contract, fileSizeText, fileTooLargeText } from 'shared-contracts';
import { FilePickButton, Progress, Typography } from 'shared-ui';

export const VOICEMAIL_TOO_LARGE_TEXT = fileTooLargeText(VOICEMAIL_MAX_BYTES);
export const VOICEMAIL_TYPE_TEXT = 'Upload an MP3 or WAV file';

interface Props {
  accountId: string;
  currentUrl: string | null;
  onUploaded: () => void;
}

/** The account's default voicemail: play the current one, upload a new one with progress. */
export function VoicemailUpload({ accountId, currentUrl, onUploaded }: Props) {
  const { state, uploading, pick } = useFileUpload(contract.call.uploadDefaultVoicemail, {
    // Checked before sending too, so a wrong file fails at once instead of after the upload.
    // Some systems send a WAV or MP3 with no type; the extension decides then, as on the server.
    limits: { maxBytes: VOICEMAIL_MAX_BYTES, type: { mimeTypes: VOICEMAIL_MIME_TYPES, extensions: ['mp3', 'wav'], text: VOICEMAIL_TYPE_TEXT } },
    request: { query: { accountId } },
    onSuccess: () => {
      notify.success('Default voicemail uploaded');
      onUploaded();
    },
    onError: (error) => notify.error(error),
  });

  return (
    <div style={{ display: 'grid', gap: 12, maxWidth: 420 }}>
      {currentUrl ? (
        <audio controls src={currentUrl} aria-label="Default voicemail" style={{ width: '100%' }} />
      ) : (
        <Typography.Text type="secondary">No default voicemail yet</Typography.Text>
      )}
      <FilePickButton accept=".mp3,.wav,audio/mpeg,audio/wav" inputLabel="Voicemail file" loading={uploading} onFile={pick}
        style={{ justifySelf: 'start' }}>
        {currentUrl ? 'Replace voicemail' : 'Upload voicemail'}
      </FilePickButton>
      {state.phase === 'uploading' && <Progress percent={state.percent} aria-label="Upload progress" />}
      <Typography.Text type="secondary">{`MP3 or WAV, at most ${fileSizeText(VOICEMAIL_MAX_BYTES)}.`}</Typography.Text>
    </div>
  );
}
