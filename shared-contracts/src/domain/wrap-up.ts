/**
 * After a call a person took, the agent wraps it up: a disposition from the account's list and
 * notes, before the next call is offered, within a time limit the USER sets. (An AI agent's call
 * is summed up by the AI itself; that is the call's summary, not this.)
 */
export const DEFAULT_DISPOSITIONS = ['Resolved', 'Callback', 'Escalated', 'Wrong number'] as const;
export const DISPOSITION_MAX_COUNT = 20;
export const DISPOSITION_MAX_LENGTH = 40;
export const WRAP_UP_NOTES_MAX_LENGTH = 2000;
/** The time an agent has to wrap up, in seconds: its default and the range a USER may set. */
export const WRAP_UP_SECONDS_DEFAULT = 120;
export const WRAP_UP_SECONDS_MIN = 10;
export const WRAP_UP_SECONDS_MAX = 1800;

export const WRAP_UP_TEXT = {
  dispositionRequired: 'Choose a disposition',
  dispositionUnknown: 'Choose one of the account\'s dispositions',
  notPending: 'This call is not waiting for your wrap-up',
  alreadyDone: 'This call is already wrapped up',
  timeRanOut: 'The time to wrap up this call has run out',
  dispositionsRequired: 'Add at least one disposition',
  dispositionsTooMany: `At most ${DISPOSITION_MAX_COUNT} dispositions`,
  dispositionTooLong: `A disposition is at most ${DISPOSITION_MAX_LENGTH} characters`,
  dispositionsRepeated: 'Each disposition only once',
  secondsRange: `Between ${WRAP_UP_SECONDS_MIN} and ${WRAP_UP_SECONDS_MAX} seconds`,
  /** An UPDATE_STATUS frame may not choose wrap-up: it comes with the end of a call. */
  notChosen: 'Wrap-up comes with the end of a call; choose available, away or offline',
  /** A hang-up, hold or wrap-up of a call that is over, or that another agent holds. */
  callEnded: 'This call has ended',
  notYourCall: 'This call is another agent\'s',
  notesTooLong: `Notes are at most ${WRAP_UP_NOTES_MAX_LENGTH} characters`,
  saved: 'Wrap-up saved',
  settingSaved: 'Wrap-up settings saved',
  /** What a call log shows for a call whose wrap-up time ran out. */
  notWrappedUp: 'Not wrapped up',
} as const;

/** The desk report covers at most this many days, and the last 7 when no range is given. */
export const DESK_REPORT_MAX_DAYS = 92;
export const DESK_REPORT_DEFAULT_DAYS = 7;
export const DESK_REPORT_RANGE_TOO_LONG_TEXT = `A report covers at most ${DESK_REPORT_MAX_DAYS} days`;
