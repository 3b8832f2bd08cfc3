// The speech providers of the pipeline benchmark, in a process of their own as real ones are:
// Deepgram's live transcription socket and ElevenLabs' streaming voice, both answering at once.
// Each utterance heard transcribes as the next of the questions the parent sends.
import { startSpeechStandIn } from 'shared-test-kit';

const standIn = await startSpeechStandIn(process.env.BENCH_SPEECH_KEY ?? 'bench-speech-key');
process.once('message', ({ questions }) => {
  standIn.hear(...Array.from({ length: 50_000 }, (_, i) => questions[i % questions.length]));
  process.send({ origin: standIn.origin });
});
process.send({ ready: true });
process.on('disconnect', async () => {
  await standIn.close();
  process.exit(0);
});
