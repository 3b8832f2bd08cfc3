import { dialAiAgent, RelayCaller } from 'shared-test-kit';
import type { TestServer } from './server';

export type { HeardText } from 'shared-test-kit';

/** The kit's relay caller opened with raw upgrade headers (none, or wrong ones), as the relay's hostile-input tests need. */
export class RelayLine extends RelayCaller {
  constructor(url: string, headers: Record<string, string> = {}) {
    super({ url, headers });
  }

  /** Dials an AI agent through the simulator and opens the relay as Twilio would; `setup` is sent unless told not to. */
  static async dial(server: TestServer, to: string, from: string, options: { setup?: boolean } = {}) {
    const { caller, ...call } = await dialAiAgent(server.origin, to, from, options);
    return { line: caller, ...call };
  }
}
