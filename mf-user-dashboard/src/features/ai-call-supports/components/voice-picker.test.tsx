import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { failure, makeUser, ok, renderScreen, stubFetch } from 'shared-auth/src/testing';
import { VOICE_SEARCH_FROM, VoicePicker } from './voice-picker';
import { VOICES } from '../test-support/agent-fixtures';

const recorded = [{ ...VOICES[0]!, previewUrl: 'https://voices.test/alloy.mp3' }, VOICES[1]!];

const picker = (sampleText: string) => (
  <VoicePicker id="voice" invalid={false} status={undefined} describedBy={undefined} value="" onChange={() => undefined} onBlur={() => undefined} sampleText={sampleText} />
);

/** A browser that can speak: records what it was asked to say. */
function installSpeech() {
  const spoken: Array<{ text: string; lang: string }> = [];
  class Utterance {
    lang = '';
    constructor(public text: string) {}
  }
  Object.assign(window, {
    SpeechSynthesisUtterance: Utterance,
    speechSynthesis: { cancel: jest.fn(), speak: (u: Utterance) => spoken.push({ text: u.text, lang: u.lang }) },
  });
  return {
    spoken,
    remove: () => {
      delete (window as Partial<typeof window>).speechSynthesis;
      delete (window as Partial<typeof window>).SpeechSynthesisUtterance;
    },
  };
}

afterEach(() => jest.restoreAllMocks());

test('plays the provider\'s recording of a voice that has one; a voice without one and no browser speech has no Preview', async () => {
  const played: string[] = [];
  jest.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.src);
    return Promise.resolve();
  });
  stubFetch(() => ok(recorded));
  renderScreen(picker('Hello, Acme Dental.'), makeUser());
  await userEvent.click(await screen.findByRole('button', { name: 'Preview Alloy' }));
  expect(played).toEqual(['https://voices.test/alloy.mp3']);
  expect(screen.queryByRole('button', { name: 'Preview Nova' })).not.toBeInTheDocument();
});

test('where the browser can speak, says the greeting in the voice\'s language, or a sample sentence without one', async () => {
  const speech = installSpeech();
  try {
    stubFetch(() => ok(VOICES));
    const view = renderScreen(picker('Hello, Acme Dental.'), makeUser());
    const nova = await screen.findByRole('button', { name: 'Preview Nova' });
    expect(nova).toHaveAttribute('title', expect.stringContaining('your browser'));
    await userEvent.click(nova);
    expect(speech.spoken).toEqual([{ text: 'Hello, Acme Dental.', lang: 'en-US' }]);

    view.unmount();
    renderScreen(picker('  '), makeUser());
    await userEvent.click(await screen.findByRole('button', { name: 'Preview Alloy' }));
    expect(speech.spoken.at(-1)).toEqual({ text: 'Thanks for calling. How can I help you today?', lang: 'en-US' });
  } finally {
    speech.remove();
  }
});

test('a voice whose provider has a speech client is previewed in itself: the greeting goes to the server and its audio plays', async () => {
  const played: string[] = [];
  jest.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.src);
    return Promise.resolve();
  });
  const spoken = [{ ...VOICES[0]!, providerPreview: true }, VOICES[1]!];
  const { requests } = stubFetch((r) => (r.url.pathname.endsWith('preview-voice')
    ? ok({ contentType: 'audio/mpeg', base64: 'SUQz' })
    : ok(spoken)));
  renderScreen(picker('Hello, Acme Dental.'), makeUser());
  const alloy = await screen.findByRole('button', { name: 'Preview Alloy' });
  expect(alloy).not.toHaveAttribute('title');
  await userEvent.click(alloy);
  await waitFor(() => expect(played).toEqual(['data:audio/mpeg;base64,SUQz']));
  expect(requests.find((r) => r.url.pathname.endsWith('/agent/preview-voice'))!.body).toEqual({ voiceId: VOICES[0]!.id, text: 'Hello, Acme Dental.' });
});

test('a provider that refuses the preview says so in its words', async () => {
  const spoken = [{ ...VOICES[0]!, providerPreview: true }];
  stubFetch((r) => (r.url.pathname.endsWith('preview-voice')
    ? failure(503, 'The voice could not be previewed: HTTP 401: invalid key')
    : ok(spoken)));
  renderScreen(<SnackbarProvider>{picker('Hello.')}</SnackbarProvider>, makeUser());
  await userEvent.click(await screen.findByRole('button', { name: 'Preview Alloy' }));
  expect(await screen.findByText('The voice could not be previewed: HTTP 401: invalid key')).toBeInTheDocument();
});

test('a long list of voices (the providers\' own beside the catalogue\'s) can be searched, and the chosen voice stays in view', async () => {
  const many = Array.from({ length: VOICE_SEARCH_FROM }, (_, i) => ({ ...VOICES[0]!, id: `elevenlabs:voice${i}`, name: `Voice ${i}`, accent: i === 3 ? 'british' : 'american' }));
  stubFetch(() => ok(many));
  const user = userEvent.setup();
  renderScreen(
    <VoicePicker id="voice" invalid={false} status={undefined} describedBy={undefined} value="elevenlabs:voice7" onChange={() => undefined} onBlur={() => undefined} />,
    makeUser(),
  );
  await user.type(await screen.findByRole('searchbox', { name: 'Search voices' }), 'British');
  expect(screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(['elevenlabs:voice3', 'elevenlabs:voice7']);
  await user.clear(screen.getByRole('searchbox', { name: 'Search voices' }));
  await user.type(screen.getByRole('searchbox', { name: 'Search voices' }), 'nobody');
  expect(screen.getByText('No voice matches "nobody"')).toBeInTheDocument();
  expect(screen.getAllByRole('radio')).toHaveLength(1);
});

test('a short list has no search', async () => {
  stubFetch(() => ok(VOICES));
  renderScreen(picker(''), makeUser());
  await screen.findAllByRole('radio');
  expect(screen.queryByRole('searchbox', { name: 'Search voices' })).toBeNull();
});
