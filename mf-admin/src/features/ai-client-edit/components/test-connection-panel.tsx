import { useState } from 'react';
import { useApiMutation } from 'shared-auth';
import { contract, extractErrorText, type AiClient, type AiClientTestResult } from 'shared-contracts';
import { Alert, Button, Flex, Typography } from 'shared-ui';

type Outcome = { result: AiClientTestResult } | { refused: string };

/**
 * Test connection: one tiny request to the model with the saved credentials, and what came back —
 * the model's answer or the provider's own error. Offered for language-model clients.
 */
export function TestConnectionPanel({ client }: { client: AiClient }) {
  const probe = useApiMutation(contract.aiClient.testAiClient);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (client.type !== 'AI Client') return null;

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
          {client.hasCredentials ? 'Sends one short request with the saved credentials' : 'Save credentials first to test them'}
        </Typography.Text>
      </Flex>
      {outcome && 'result' in outcome && outcome.result.ok && (
        <Alert type="success" showIcon message={`Connected in ${outcome.result.millis} ms`} description={`The model answered: ${outcome.result.message}`} />
      )}
      {outcome && 'result' in outcome && !outcome.result.ok && (
        <Alert type="error" showIcon message="The provider did not answer" description={outcome.result.message} />
      )}
      {outcome && 'refused' in outcome && <Alert type="error" showIcon message={outcome.refused} />}
    </Flex>
  );
}
