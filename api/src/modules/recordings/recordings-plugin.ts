import { servicePlugin } from '../../plugins/service-plugin';
import { createRecordingLinks, type RecordingLinks } from './recording-links';

declare module 'fastify' {
  interface FastifyInstance {
    recordingLinks: RecordingLinks;
  }
}

/** Decorates `app.recordingLinks`: the signed links the call endpoints answer and the recordings route checks. */
export const recordingsPlugin = servicePlugin('recordings', async (app) => {
  app.decorate('recordingLinks', createRecordingLinks(app.config.tokenSecret, app.config.publicApiUrl));
});
