/**
 * A person on a call puts the other party on hold and back: the caller hears hold music (on the
 * simulator, a tone) and does not hear the agent until they resume.
 */
export const CALL_HOLD_TEXT = {
  hold: 'Hold',
  resume: 'Resume',
  onHold: 'On hold',
  /** The phone network refused to move the call; nothing changed. */
  failed: 'The phone network did not put the call on hold; try again',
} as const;

/** What the simulator's caller hears, as its caller door reports it. */
export const SIMULATED_CALLER_HEARS = ['ringing', 'a person', 'hold tone', 'the number transferred to'] as const;
export type SimulatedCallerHears = (typeof SIMULATED_CALLER_HEARS)[number];

/** A person hands the caller on their call to a colleague, who is rung as for a new call. */
export const CALL_TRANSFER_TEXT = {
  transfer: 'Transfer',
  /** Only a caller waits for a person: a call the agent placed is not handed on. */
  notACaller: 'Only a caller who rang in, or whom an AI agent handed over, can be transferred',
  notAvailable: 'That colleague is not available to take a call',
  notYourself: 'Choose a colleague to transfer the call to',
  /** The phone network refused to move the call; nothing changed. */
  failed: 'The phone network did not transfer the call; try again',
  /** Said to the caller (Twilio) as their call moves. */
  saidToCaller: 'Please hold while I transfer your call.',
  transferredTo: (name: string) => `Transferred to ${name}`,
  /** A transfer names a colleague or an outside number, not both. */
  chooseOne: 'Choose a colleague or a number to transfer the call to',
  toCallersOwn: 'That is the caller\'s own number',
  toNumber: 'Transfer to a number',
  /** Warm transfer: the agent talks to the colleague first, the caller on hold. */
  talkFirst: 'Talk first',
  complete: 'Complete transfer',
  cancel: 'Back to the caller',
  consultBusy: 'A colleague is already on this call',
  noConsult: 'No colleague is on the line for this call',
  notAnswered: 'The colleague has not answered yet',
  consultRinging: (name: string) => `Ringing ${name}…`,
  consultTalking: (name: string) => `Talking to ${name}; the caller is on hold`,
  /** The live desk: the person is talking to a colleague first, to hand the caller over. */
  handingOverTo: (name: string) => `handing over to ${name}`,
  /** The colleague's incoming dialog: who hands them a caller. */
  offeredBy: (name: string) => `${name} wants to hand you a caller`,
} as const;

/** Where a warm transfer stands, as the agent who started it sees it. */
export const CONSULT_STATES = ['ringing', 'talking', 'ended'] as const;
export type ConsultState = (typeof CONSULT_STATES)[number];

/** A USER adds the human agents of their desk: each signs in with a password they set from an invitation email. */
export const DESK_TEAM_TEXT = {
  add: 'Add a human agent',
  emailTaken: 'Someone already signs in with this email',
  numberIsAnAiAgents: 'One of your AI agents answers this number',
  invited: (name: string) => `${name} is added: they set their password from the email we sent`,
} as const;

/**
 * A USER supervises a call one of their human agents is on, from their own browser phone: they
 * listen (nobody hears them), whisper (only the agent hears them) or barge in (both do).
 */
export const SUPERVISE_MODES = ['listen', 'whisper', 'barge'] as const;
export type SuperviseMode = (typeof SUPERVISE_MODES)[number];

/** The supervisor's leg is a call their browser phone places to this address. */
export const SUPERVISE_ADDRESS_PREFIX = 'supervise:';
export const superviseAddress = (callSid: string) => `${SUPERVISE_ADDRESS_PREFIX}${callSid}`;

export const CALL_SUPERVISION_TEXT = {
  modes: { listen: 'Listen', whisper: 'Whisper', barge: 'Barge in' } satisfies Record<SuperviseMode, string>,
  /** What the board says of a supervised call. */
  state: { listen: 'listening', whisper: 'whispering to the agent', barge: 'on the call' } satisfies Record<SuperviseMode, string>,
  stop: 'Leave the call',
  /** One supervisor per call: a second one, barging or not, gets no leg. */
  taken: 'Another supervisor is on this call',
  noPerson: 'Only a call one of your human agents is on can be supervised',
  notSupervising: 'You are not supervising this call',
  /** The phone network refused; nothing changed. */
  failed: 'The phone network did not connect you to the call; try again',
  left: 'You left the call',
} as const;

/** What the simulator's supervisor leg carries, as the caller door reports it: who hears the supervisor. */
export const SUPERVISOR_HEARD_BY = { listen: [], whisper: ['agent'], barge: ['agent', 'caller'] } as const satisfies Record<SuperviseMode, readonly ('agent' | 'caller')[]>;
