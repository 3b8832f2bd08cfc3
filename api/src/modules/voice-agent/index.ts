/** The AI call runtime, built on telephony (which reaches it only through AiCallConnector). */
export { aiCallConnector } from './transport/ai-call-connector';
export { relayRoutes } from './transport/relay-route';
export { twilioRelayWebhooks } from './transport/twilio-relay-webhooks';
export { startBrowserCall } from './transport/browser-call';
export { callWrapUpJob } from './responders/call-wrap-up';
export { unfinishedCallsPlugin } from './session/unfinished-calls-plugin';
export { reindexKnowledge } from './knowledge/knowledge-passages';
export { VOICES, isKnownVoice, providerVoiceOf } from './voice-catalog';
export { providerVoicesOf } from './speech/provider-voices';
export { RelayCaller } from './transport/relay-caller';
export { browserRelayLinks } from './transport/relay-handshake';
export { greetingOf } from './session/call-record';
export { customToolsFor, toolResultOf } from './tools/custom-tools';
export { customToolArgs, type CustomToolArgs } from './tools/custom-tool-args';
export { requestCustomTool, TOOL_SIGNATURE_HEADER, type CustomToolAnswer } from './tools/custom-tool-request';
export { newToolSecret, openToolSecret, sealToolSecret, toolSecretPrefixOf } from './tools/custom-tool-secret';
