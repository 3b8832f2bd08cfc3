/**
 * How an AI agent books appointments when its owner has not said otherwise: the numbers the
 * contract's defaults, the form's starting values and the API's slot finder all read, so the
 * agent books what the screen shows.
 */
export const DEFAULT_SLOT_MINUTES = 30;
/** No gap between appointments unless one is set. */
export const DEFAULT_BUFFER_MINUTES = 0;
/** How far ahead a call may book. */
export const DEFAULT_MAX_DAYS_AHEAD = 90;

export const SLOT_MINUTES_RANGE = { min: 10, max: 240, step: 5 } as const;
export const BUFFER_MINUTES_RANGE = { min: 0, max: 120 } as const;
export const MAX_DAYS_AHEAD_RANGE = { min: 1, max: 365 } as const;

export interface BookingRulesValue {
  /** Every appointment's length; slots start on this grid from the opening time. */
  slotMinutes: number;
  /** Kept free after each appointment before the next may start. */
  bufferMinutes: number;
  /** The last day a call may book, counted from today. */
  maxDaysAhead: number;
}

export const DEFAULT_BOOKING_RULES: BookingRulesValue = {
  slotMinutes: DEFAULT_SLOT_MINUTES,
  bufferMinutes: DEFAULT_BUFFER_MINUTES,
  maxDaysAhead: DEFAULT_MAX_DAYS_AHEAD,
};

/** An agent with no working hours set books like an office: weekdays, nine to five. */
export const DEFAULT_WORKING_HOURS = {
  days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  start: '09:00',
  end: '17:00',
} as const satisfies { days: readonly string[]; start: string; end: string };
