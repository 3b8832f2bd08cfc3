export { recordingsPlugin } from './recordings-plugin';
export { recordingsRoute } from './recordings-route';
export { DEMO_RECORDING_PATH, type RecordingLinks } from './recording-links';
