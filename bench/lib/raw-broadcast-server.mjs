// The yardstick: a bare `ws` server that sends one frame to every client when told to.
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ port: Number(process.argv[2]), host: '127.0.0.1', perMessageDeflate: false });
wss.on('connection', (ws, req) => {
  if (req.url?.includes('control')) {
    ws.on('message', (data) => {
      const frame = data.toString();
      for (const client of wss.clients) if (client !== ws) client.send(frame);
    });
    return;
  }
  ws.send(JSON.stringify({ type: 'HELLO' }));
});
wss.on('listening', () => process.send?.('ready'));
