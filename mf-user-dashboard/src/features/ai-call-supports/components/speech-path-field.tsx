import { SPEECH_PATH_LABELS, SPEECH_PATHS, type SpeechPath } from 'shared-contracts';
import { FormField, LoadError, Radio, Select, Skeleton } from 'shared-ui';
import { useAiClientOptions } from '../hooks/use-ai-client-options';

const PATH_HINTS: Record<SpeechPath, string> = {
  twilio: 'Twilio listens and speaks on the calls (ConversationRelay).',
  pipeline: 'Our own audio pipeline listens and speaks with the administrator\'s speech clients, and measures each turn.',
};

const NO_STT_OPTION = { value: '', label: 'None' };

/**
 * Who listens and speaks on the agent's calls, and which speech-to-text client hears the caller:
 * on our pipeline it does, with its own key; with Twilio, a Deepgram client makes Twilio
 * transcribe with Deepgram. Without a streaming STT client the pipeline cannot run, and Twilio
 * speaks on the calls instead.
 */
export function SpeechPathField() {
  return (
    <>
      <FormField<SpeechPath> name="speechPath" label="Speech path" render={(input, c) => (
        <Radio.Group
          id={c.id}
          aria-label="Speech path"
          value={input.value}
          onChange={(event) => input.onChange(event.target.value as SpeechPath)}
          aria-describedby={c.describedBy}
          options={SPEECH_PATHS.map((path) => ({ value: path, label: SPEECH_PATH_LABELS[path], title: PATH_HINTS[path] }))}
        />
      )} />
      <SttClientField />
    </>
  );
}

function SttClientField() {
  const { data, error, isLoading, mutate } = useAiClientOptions();
  if (error) return <LoadError error={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <Skeleton.Input active block style={{ marginBottom: 16 }} />;
  const stt = Array.isArray(data.data?.stt) ? data.data.stt : [];
  return (
    <FormField<string> name="sttClientId" label="Speech-to-text client" hint="Hears the caller: on our pipeline with its own key; with Twilio, a Deepgram client makes Twilio transcribe with Deepgram" render={(input, c) => {
      const options = [NO_STT_OPTION, ...stt.map((client) => ({ value: client.id, label: `${client.name} · ${client.model}${client.purpose ? ` (${client.purpose})` : ''}` }))];
      if (!options.some((o) => o.value === input.value)) options.push({ value: input.value, label: 'A client no longer offered' });
      return <Select {...input} id={c.id} style={{ width: '100%' }} aria-describedby={c.describedBy} options={options} />;
    }} />
  );
}
