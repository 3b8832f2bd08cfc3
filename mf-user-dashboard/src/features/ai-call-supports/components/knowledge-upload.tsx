import { useFileUpload } from 'shared-auth';
import { KNOWLEDGE_MAX_BYTES, contract, featureRefusedBy, fileSizeText, type DataOf } from 'shared-contracts';
import { Alert, FilePickButton, Progress, Typography } from 'shared-ui';
import { PlanUpgradePrompt } from '../../plan-features';

type GeneratedText = DataOf<typeof contract.knowledge.generateText>;

const ACCEPT = '.pdf,.docx,.txt,.md,.csv,application/pdf,text/plain,text/markdown,text/csv';

/** Picks a document, shows its upload progress and hands the extracted text to the form. */
export function KnowledgeUpload({ onText }: { onText: (result: GeneratedText) => void }) {
  // The type is left to the server: browsers name these types inconsistently, the server reads the extension.
  const { state, uploading, pick } = useFileUpload(contract.knowledge.generateText, {
    limits: { maxBytes: KNOWLEDGE_MAX_BYTES },
    request: { query: { type: 'knowledge' } },
    onSuccess: onText,
  });
  const refusedFeature = state.phase === 'failed' ? featureRefusedBy(state.error) : undefined;

  return (
    <div style={{ marginBottom: 16 }}>
      <FilePickButton accept={ACCEPT} inputLabel="Knowledge document" loading={uploading} onFile={pick}>
        Upload a document
      </FilePickButton>
      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
        {`PDF, Word, text, Markdown or CSV, up to ${fileSizeText(KNOWLEDGE_MAX_BYTES)}`}
      </Typography.Text>
      {state.phase === 'uploading' && (
        <div role="group" aria-label={`Uploading ${state.file.name}`} style={{ marginTop: 8 }}>
          <Typography.Text>Uploading {state.file.name}…</Typography.Text>
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
      {state.phase === 'failed' && (refusedFeature === undefined
        ? <Alert style={{ marginTop: 8 }} type="error" showIcon role="alert" title={`${state.file.name}: ${state.error}`} />
        : <div style={{ marginTop: 8 }}><PlanUpgradePrompt feature={refusedFeature} /></div>)}
    </div>
  );
}
