// The outside services of the tool row, in a process of their own as real ones are: a stand-in
// model in OpenAI's wire format that asks for the agent's tool and then speaks, and the tool's
// endpoint. Both answer at once. Prints their addresses to the parent and closes on disconnect.
import { createServer } from 'node:http';
import { startFakeProvider } from 'shared-test-kit';

const provider = await startFakeProvider('openai', (_index, seen) => {
  if (seen.body.stream !== true) return [{ text: JSON.stringify({ summary: 'A question about stock.', outcome: 'answered', sentiment: 'neutral' }) }];
  const last = seen.body.messages.at(-1);
  if (last?.role === 'tool') return [{ text: 'We have ' }, { text: 'twelve loaves ' }, { text: 'of rye today.' }];
  return [{ toolCall: { name: 'check_stock', args: { item: 'rye' } } }];
}, { keepRequests: false });
const stock = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"loaves":12}'));
});
await new Promise((resolve) => stock.listen(0, '127.0.0.1', resolve));
process.send({ modelBaseUrl: provider.baseUrl, toolUrl: `http://127.0.0.1:${stock.address().port}/stock` });
process.on('disconnect', async () => {
  await provider.close();
  stock.close();
  process.exit(0);
});
