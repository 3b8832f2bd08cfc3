/** Where Twilio is told to send its webhooks (set the number's and the TwiML app's URLs to these). */
export const TWILIO_WEBHOOK_PATHS = {
  incomingCall: '/v1/telephony/twilio/voice/incoming',
  outgoingCall: '/v1/telephony/twilio/voice/outgoing',
  callStatus: '/v1/telephony/twilio/voice/status',
  dialStatus: '/v1/telephony/twilio/voice/dial-status',
  /** The <Dial> that rang the agents ended: the agent hung up, or their browser went and the caller goes back to the queue. */
  dialEnded: '/v1/telephony/twilio/voice/dial-ended',
  recording: '/v1/telephony/twilio/voice/recording',
  /** A leg joined the conference a person's call moved onto (at its first hold). */
  conferenceEvents: '/v1/telephony/twilio/voice/conference-events',
  /** A warm transfer's colleague's leg answered or ended (its URL names the call). */
  consultStatus: '/v1/telephony/twilio/voice/consult-status',
  /** A supervisor's leg on a call left it (its URL names the call). */
  supervisorLegEnded: '/v1/telephony/twilio/voice/supervisor-leg-ended',
  incomingSms: '/v1/telephony/twilio/sms/incoming',
  smsStatus: '/v1/telephony/twilio/sms/status',
  /** TwiML for an AI agent's outbound call, fetched when the callee answers. */
  aiCall: '/v1/telephony/twilio/voice/ai-call',
  /** A ConversationRelay session ended: its handoff data says whether a person takes the caller. */
  relayAction: '/v1/telephony/twilio/voice/relay-action',
} as const;

/** An outbound text's status callback, naming our row so a callback finds it before its MessageSid is stored. */
export const smsStatusCallbackPath = (messageId: string): string =>
  `${TWILIO_WEBHOOK_PATHS.smsStatus}?messageId=${encodeURIComponent(messageId)}`;
