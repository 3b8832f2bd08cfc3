import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, ok, renderScreen, stubFetch } from 'shared-auth/src/testing';
import { VoicePicker } from './voice-picker';
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
