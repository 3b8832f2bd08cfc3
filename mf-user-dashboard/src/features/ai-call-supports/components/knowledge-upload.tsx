import { useEffect, useRef, useState } from 'react';
import { uploadFile } from 'shared-auth';
import { KNOWLEDGE_MAX_BYTES, contract, extractErrorText, featureRefusedBy, type DataOf } from 'shared-contracts';
import { Alert, FilePickButton, Progress, Typography } from 'shared-ui';
import { PlanUpgradePrompt } from '../../plan-features';

type GeneratedText = DataOf<typeof contract.knowledge.generateText>;

const ACCEPT = '.pdf,.docx,.txt,.md,.csv,application/pdf,text/plain,text/markdown,text/csv';

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fileName: string; percent: number }
  | { phase: 'done'; result: GeneratedText }
  | { phase: 'failed'; fileName: string; error: string };

/** Picks a document, shows its upload progress and hands the extracted text to the form. */
export function KnowledgeUpload({ onText }: { onText: (result: GeneratedText) => void }) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  // Leaving the form cancels an upload still on its way.
  const cancel = useRef<AbortController | null>(null);
  useEffect(() => () => cancel.current?.abort(), []);

  const send = async (file: File) => {
    if (file.size > KNOWLEDGE_MAX_BYTES) {
      setState({ phase: 'failed', fileName: file.name, error: `The file must be at most ${KNOWLEDGE_MAX_BYTES / 1024 / 1024} MB` });
      return;
    }
    setState({ phase: 'uploading', fileName: file.name, percent: 0 });
    cancel.current = new AbortController();
    try {
      const { data: result } = await uploadFile(contract.knowledge.generateText, file, { query: { type: 'knowledge' } }, {
        onProgress: (percent) => setState({ phase: 'uploading', fileName: file.name, percent }),
        signal: cancel.current.signal,
      });
      setState({ phase: 'done', result });
      onText(result);
    } catch (error) {
      setState({ phase: 'failed', fileName: file.name, error: extractErrorText(error) });
    }
  };

  return (
    <div style={{ marginBottom: 16 }}>
      <FilePickButton accept={ACCEPT} inputLabel="Knowledge document" loading={state.phase === 'uploading'} onFile={(file) => void send(file)}>
        Upload a document
      </FilePickButton>
      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>PDF, Word, text, Markdown or CSV, up to 10 MB</Typography.Text>
      {state.phase === 'uploading' && (
        <div role="group" aria-label={`Uploading ${state.fileName}`} style={{ marginTop: 8 }}>
          <Typography.Text>Uploading {state.fileName}…</Typography.Text>
          <Progress percent={state.percent} status="active" aria-label="Upload progress" />
        </div>
      )}
      {state.phase === 'done' && (
        <Alert
          style={{ marginTop: 8 }}
          type="success"
          showIcon
          title={`Added ${state.result.characters.toLocaleString('en-US')} characters from ${state.result.fileName}`}
        />
      )}
      {state.phase === 'failed' && (featureRefusedBy(state.error) === undefined
        ? <Alert style={{ marginTop: 8 }} type="error" showIcon role="alert" title={`${state.fileName}: ${state.error}`} />
        : <div style={{ marginTop: 8 }}><PlanUpgradePrompt feature={featureRefusedBy(state.error)!} /></div>)}
    </div>
  );
}
