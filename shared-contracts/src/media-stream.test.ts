import { MEDIA_STREAM_INBOUND_EVENTS, MediaStreamInbound, MediaStreamOutbound } from './media-stream';
import { TWILIO_MEDIA_STREAM_FRAMES } from './media-stream-frames.fixture';
import { parseMessage } from './socket';

describe('Media Streams frames', () => {
  test('every frame Twilio documents reads, and every event the contract reads has one', () => {
    for (const { name, frame } of TWILIO_MEDIA_STREAM_FRAMES) expect([name, parseMessage(MediaStreamInbound, JSON.stringify(frame)).ok]).toEqual([name, true]);
    expect(TWILIO_MEDIA_STREAM_FRAMES.map((f) => f.frame.event).sort()).toEqual([...MEDIA_STREAM_INBOUND_EVENTS].sort());
  });

  test('refuses audio that is not base64, a key that is not one, and a start that names no call', () => {
    const media = { event: 'media', media: { payload: 'not base64!' } };
    expect(parseMessage(MediaStreamInbound, JSON.stringify(media)).ok).toBe(false);
    expect(parseMessage(MediaStreamInbound, JSON.stringify({ event: 'dtmf', dtmf: { digit: '12' } })).ok).toBe(false);
    expect(parseMessage(MediaStreamInbound, JSON.stringify({ event: 'start', streamSid: 'MZ1', start: {} })).ok).toBe(false);
  });

  test('our audio, marks and clears are what Twilio reads', () => {
    for (const frame of [
      { event: 'media', streamSid: 'MZ1', media: { payload: 'AAAA' } },
      { event: 'mark', streamSid: 'MZ1', mark: { name: 's1' } },
      { event: 'clear', streamSid: 'MZ1' },
    ]) expect(parseMessage(MediaStreamOutbound, JSON.stringify(frame)).ok).toBe(true);
  });
});
