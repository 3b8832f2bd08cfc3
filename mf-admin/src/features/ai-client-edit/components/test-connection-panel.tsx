import { useState } from 'react';
import { useApiMutation } from 'shared-auth';
import { contract, extractErrorText, type AiClient, type AiClientTestResult } from 'shared-contracts';
import { Alert, Button, Flex, Typography } from 'shared-ui';

type Outcome = { result: AiClientTestResult } | { refused: string };

/** What a working client gave back, by its kind. */
const answeredText = (client: AiClient, message: string) =>
  client.type === 'STT Client' ? `It heard the sample caller say: ${message}` : client.type === 'TTS Client' ? `It spoke: ${message}` : `The model answered: ${message}`;

const REQUEST_TEXT = {
  'AI Client': 'Sends one short request with the saved credentials',
  'STT Client': 'Sends a short recorded caller\'s sentence to be transcribed with the saved credentials',
  'TTS Client': 'Asks for one short sentence in speech with the saved credentials',
} as const;

/**
 * Test connection: one small request with the saved credentials, and what came back — the
 * model's answer, the words a transcription client heard, a voice client's speech to play — or
 * the provider's own error.
 */
export function TestConnectionPanel({ client }: { client: AiClient }) {
  const probe = useApiMutation(contract.aiClient.testAiClient);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    setOutcome(null);
    try {
      const { data } = await probe.trigger({ params: { id: client.id } });
      setOutcome({ result: data });
    } catch (error) {
      setOutcome({ refused: extractErrorText(error) });
    }
  };

  return (
    <Flex vertical gap={8} style={{ marginTop: 24 }}>
      <Flex gap={8} align="center" wrap>
        <Button onClick={() => void run()} loading={probe.isMutating} disabled={!client.hasCredentials}>
          Test connection
        </Button>
        <Typography.Text type="secondary">
          {client.hasCredentials ? REQUEST_TEXT[client.type] : 'Save credentials first to test them'}
        </Typography.Text>
      </Flex>
      {outcome && 'result' in outcome && outcome.result.ok && (
        <Alert
          type="success" showIcon title={`Connected in ${outcome.result.millis} ms`}
          description={(
            <>
              {answeredText(client, outcome.result.message)}
              {outcome.result.audio && (
                <audio controls aria-label="What the voice said" style={{ display: 'block', marginTop: 8 }}
                  src={`data:${outcome.result.audio.contentType};base64,${outcome.result.audio.base64}`} />
              )}
            </>
          )}
        />
      )}
      {outcome && 'result' in outcome && !outcome.result.ok && (
        <Alert type="error" showIcon title="The provider did not answer" description={outcome.result.message} />
      )}
      {outcome && 'refused' in outcome && <Alert type="error" showIcon title={outcome.refused} />}
    </Flex>
  );
}
