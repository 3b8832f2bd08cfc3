import fs from 'node:fs';

// Debian's Chromium (installed by .ci/run): the tests never download a browser. Its headless
// shell (Debian's chromium-headless-shell, the same Blink) needs about a third less CPU than the
// full browser run headless, which decides how long the suite takes on two cores.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Chromium's own stand-in microphone: it plays a WAV file as what the microphone hears, and asks no permission. */
export const fakeMicrophoneArgs = (wavPath: string) => [
  '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${wavPath}`,
  '--autoplay-policy=no-user-gesture-required',
];
