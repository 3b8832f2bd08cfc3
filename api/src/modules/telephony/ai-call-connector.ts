/**
 * What telephony asks of the AI call runtime, declared here so that the runtime depends on
 * telephony and never the reverse: app.ts hands the runtime's implementation to telephonyPlugin.
 */
export interface AiCallConnector {
  /** TwiML that hands a logged call to its AI agent; null when the call has no AI agent. */
  connect(callId: string): Promise<string | null>;
  /** Where a carrier opens an AI agent's session, and the handshake signature it presents there. */
  carrierRelay(): { url: string; signature: string };
  /** The same for the Media Streams socket of an agent whose speech runs through our pipeline. */
  carrierMediaStream(): { url: string; signature: string };
  /** The simulator's callee of an AI agent's call answers and talks; resolves once it has hung up. */
  simulatedCallee(call: { callSid: string; callId: string; from: string; to: string }): Promise<void>;
}
