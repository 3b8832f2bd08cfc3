import { useState } from 'react';
import { contract, type AgentVoice } from 'shared-contracts';
import { notify, useApiMutation } from 'shared-auth';
import { Button, Flex, Input, LoadError, Skeleton, Typography, type ControlProps } from 'shared-ui';
import { useAgentVoices } from '../hooks/use-agent-voices';
import { playSpokenAudio, playVoicePreview, previewSentence, voicePreviewOf } from './voice-preview';

interface VoicePickerProps extends ControlProps {
  value: string;
  onChange: (voiceId: string) => void;
  onBlur: () => void;
  /** What a preview says: the agent's greeting (a sample sentence when empty). */
  sampleText?: string;
}

const describe = (voice: AgentVoice) =>
  [voice.provider, voice.gender, voice.accent, voice.language].filter(Boolean).join(' · ');

/** Past this many voices (the providers' own lists join the catalogue's), the picker has a search. */
export const VOICE_SEARCH_FROM = 13;

const matches = (voice: AgentVoice, search: string) =>
  `${voice.name} ${describe(voice)}`.toLowerCase().includes(search.trim().toLowerCase());

/** The voices as cards with their avatar; one can be chosen, and heard where the browser can play it. */
export function VoicePicker({ id, invalid, describedBy, value, onChange, onBlur, sampleText = '' }: VoicePickerProps) {
  const { data, error, isLoading, mutate } = useAgentVoices();
  const preview = useApiMutation(contract.agent.previewVoice);
  const [speaking, setSpeaking] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  // The provider speaks the greeting in the voice itself; its refusal shows as a toast.
  const speak = async (voiceId: string) => {
    setSpeaking(voiceId);
    try {
      playSpokenAudio((await preview.trigger({ body: { voiceId, text: previewSentence(sampleText) } })).data);
    } catch (err) {
      notify.error(err);
    } finally {
      setSpeaking(null);
    }
  };
  if (error) return <LoadError error={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const searchable = data.data.length >= VOICE_SEARCH_FROM;
  // The chosen voice stays in view whatever the search.
  const searching = searchable && search.trim() !== '';
  const shown = searching ? data.data.filter((voice) => voice.id === value || matches(voice, search)) : data.data;
  return (
    <Flex vertical gap={8}>
      {searchable && (
        <Input.Search aria-label="Search voices" placeholder="Search by name, provider, accent or language" allowClear value={search}
          onChange={(event) => setSearch(event.target.value)} style={{ maxWidth: 360 }} />
      )}
      <Flex id={id} role="radiogroup" aria-label="Voice" aria-invalid={invalid} aria-describedby={describedBy} wrap gap={8} onBlur={onBlur}>
        {searching && !shown.some((voice) => matches(voice, search)) && <Typography.Text type="secondary">No voice matches "{search.trim()}"</Typography.Text>}
        {shown.map((voice) => {
          const checked = voice.id === value;
          const preview = voicePreviewOf(voice);
          return (
            <div
              key={voice.id}
              style={{
                display: 'flex', alignItems: 'center', gap: 8, padding: 8, width: 220, borderRadius: 8,
                border: `2px solid ${checked ? '#1677ff' : invalid ? '#ff4d4f' : '#f0f0f0'}`,
              }}
            >
              <label style={{ display: 'flex', alignItems: 'center', gap: 8, flex: 1, cursor: 'pointer' }}>
                <input type="radio" name={`${id}-voice`} value={voice.id} checked={checked} onChange={() => onChange(voice.id)} style={{ position: 'absolute', opacity: 0 }} />
                <img src={voice.imageUrl} alt="" width={40} height={40} style={{ borderRadius: '50%' }} />
                <span>
                  <Typography.Text strong>{voice.name}</Typography.Text>
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{describe(voice)}</Typography.Text>
                </span>
              </label>
              {preview && (
                <Button
                  size="small"
                  aria-label={`Preview ${voice.name}`}
                  // The browser's own voice is not the call's: the title says so rather than pass it off as the voice.
                  title={preview.kind === 'browser' ? 'Spoken by your browser\'s voice in this language; calls use the chosen voice' : undefined}
                  loading={preview.kind === 'provider' && speaking === voice.id}
                  onClick={() => (preview.kind === 'provider' ? void speak(voice.id) : playVoicePreview(voice, preview, sampleText))}
                >
                  Preview
                </Button>
              )}
            </div>
          );
        })}
      </Flex>
    </Flex>
  );
}
