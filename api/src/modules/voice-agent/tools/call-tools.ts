import * as v from 'valibot';
import { hhmmToMinutes, isTimeZone, type BookingRulesValue } from 'shared-contracts';
import type { Db } from '../../../db/client';
import type { WorkingHoursValue } from '../../../db/schema';
import { issuesText, parseInput, type InputIssue, type ParsedInput } from '../../../http/parse-input';
import type { CallLogChanges } from '../../../plugins/services/call-logs-cache';
import { bookingRulesOf, bookSlot, freeSlots, type SlotScope } from './appointment-slots';
import { findOrCreateCallerLead } from './caller-lead';
import { bookedText, freeDayText, fullDayText, NEED_NAME_TEXT, refusalText } from '../responders/slot-answers';

/** What a tool answers: a sentence the agent can say, and whether it did what was asked. */
export interface ToolResult {
  ok: boolean;
  /** Said to the caller, or given to the model to phrase its reply. */
  say: string;
  /** For the call's trace: how a request to another system went (a custom tool's endpoint). */
  outcome?: 'error' | 'timeout';
  httpStatus?: number | null;
}

/**
 * An action the agent may take during a call: its arguments are checked with `args` like any
 * other input, and `run` acts only on the call's own account. A bad argument is an answer
 * (ok: false with something to say), never an exception.
 */
export interface CallTool<S extends v.GenericSchema = v.GenericSchema> {
  name: string;
  description: string;
  args: S;
  run(args: v.InferOutput<S>): Promise<ToolResult>;
  /**
   * Acts on arguments a caller already checked with checkToolArgs, without checking them again.
   * Tools made by callTools have it; `run` is used for one without.
   */
  act?(args: v.InferOutput<S>): Promise<ToolResult>;
}

/** A tool's arguments through parseInput (the house checks, then its schema); absent arguments are none. */
export const checkToolArgs = <S extends v.GenericSchema>(tool: CallTool<S>, input: unknown): ParsedInput<v.InferOutput<S>> =>
  parseInput(tool.args, input ?? {});

/** Runs a tool on arguments checkToolArgs passed. */
export const runChecked = <S extends v.GenericSchema>(tool: CallTool<S>, args: v.InferOutput<S>): Promise<ToolResult> =>
  (tool.act ?? tool.run).call(tool, args);

/** The call the tools act for: its account is the only data they read or write. */
export interface CallToolScope {
  db: Db;
  /** Told when a tool links the call to a lead or names its lead (the call log shows the lead). */
  callLogs: CallLogChanges;
  accountId: string;
  aiAgentId: string;
  callId: string;
  /** The caller's number in E.164, or null when the call has none (a browser call). */
  callerNumber: string | null;
  timeZone: string;
  workingHours: WorkingHoursValue | null;
  /** The agent's slot length, buffer and horizon; none (or left out) books by the defaults. */
  bookingRules?: BookingRulesValue | null;
  now: () => Date;
}

/** What the tools ask of the call itself. */
export interface CallToolEffects {
  /**
   * Hand the caller on once the current reply is said: to a person, the transfer number, or a
   * message when nobody can take them. Answers what the agent tells the caller.
   */
  transfer(reason: string): Promise<string> | string;
  /** End the call once the current reply is said. */
  end(): void;
  /** An appointment was booked and committed: its calendar sync is queued. */
  booked(appointmentId: string): Promise<void> | void;
}

/** The clock a call's tools read dates by: a responder that understands "tomorrow" needs the same one. */
export interface CallClock {
  now: () => Date;
  timeZone: string;
}

export const END_CALL_TEXT = 'Thank you for calling. Goodbye.';

const clocks = new WeakMap<CallTool, CallClock>();

/** The clock and time zone `tools` were made with by callTools, or null for tools made elsewhere. */
export function callClockOf(tools: readonly CallTool[]): CallClock | null {
  for (const tool of tools) {
    const clock = clocks.get(tool);
    if (clock) return clock;
  }
  return null;
}

/** A tool wrapped around another (a trace's) reads dates by the same clock. */
export function keepClock(from: CallTool, to: CallTool): CallTool {
  const clock = clocks.get(from);
  if (clock) clocks.set(to, clock);
  return to;
}

const refused = (say: string): ToolResult => ({ ok: false, say });

/** What a tool answers when checkToolArgs refused its arguments. */
export function refusedArgs(issues: readonly InputIssue[]): ToolResult {
  // No tool's arguments are a list: said in the words of a tool rather than of an HTTP body.
  if (issues[0]?.kind === 'not-an-object') return refused('Sorry, I could not do that: the arguments must be an object, not a list.');
  return refused(`Sorry, I could not do that: ${issuesText(issues)}.`);
}

/** A tool whose `run` checks its own arguments: whoever calls it, junk in is a sentence out. */
function defineTool<S extends v.GenericSchema>(
  name: string, description: string, args: S, act: (args: v.InferOutput<S>) => Promise<ToolResult>,
): CallTool<S> {
  const tool: CallTool<S> = {
    name,
    description,
    args,
    async run(input) {
      const parsed = checkToolArgs(tool, input);
      return parsed.ok ? act(parsed.output) : refusedArgs(parsed.issues);
    },
    act,
  };
  return tool;
}

const DateArg = v.pipe(
  v.string('The date must be written as YYYY-MM-DD, for example 2026-12-01'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be written as YYYY-MM-DD, for example 2026-12-01'),
  v.description('The day in the business\'s local calendar, YYYY-MM-DD. Work out words such as "tomorrow" from the current date in your instructions.'),
);
const TimeArg = v.pipe(
  v.string('The time must be a 24-hour time written as HH:MM, for example 15:00'),
  v.regex(/^([01]?\d|2[0-3]):[0-5]\d$/, 'The time must be a 24-hour time written as HH:MM, for example 15:00'),
  v.description('The start time in the business\'s local time, 24-hour HH:MM (3 PM is 15:00).'),
);
const NameArg = v.nullish(v.pipe(
  v.string('The name must be text'),
  v.trim(),
  v.maxLength(100, 'The name must be at most 100 characters'),
  v.description('The caller\'s full name, if they have said it.'),
));
const NotesArg = v.nullish(v.pipe(
  v.string('The notes must be text'),
  v.trim(),
  v.maxLength(1000, 'The notes must be at most 1000 characters'),
  v.description('What the appointment is for, in a few words.'),
));

/** Not an object at all, or a required argument left out: say which, and the shape expected. */
const argumentsMessage = (shape: string) => (issue: v.BaseIssue<unknown>) => {
  const key = issue.path?.[0]?.key;
  return typeof key === 'string' ? `The ${key} is missing: give ${shape}` : `Give the arguments as ${shape}`;
};

const FindFreeSlotsArgs = v.object({ date: DateArg }, argumentsMessage('{ "date": "YYYY-MM-DD" }'));
const BookAppointmentArgs = v.object(
  { date: DateArg, time: TimeArg, name: NameArg, notes: NotesArg },
  argumentsMessage('{ "date": "YYYY-MM-DD", "time": "HH:MM" }'),
);
const FindOrCreateLeadArgs = v.object({ name: NameArg }, argumentsMessage('an object, e.g. { "name": "Ada Lovelace" }'));
const TransferArgs = v.object({
  reason: v.pipe(
    v.string('Give a short reason for the transfer'),
    v.trim(),
    v.minLength(1, 'Give a short reason for the transfer'),
    v.maxLength(1000, 'The reason must be at most 1000 characters'),
    v.description('Why the caller wants a person, in one short sentence, for the person who picks up.'),
  ),
}, argumentsMessage('{ "reason": "..." }'));
const EndCallArgs = v.object({}, argumentsMessage('an empty object'));

/**
 * The actions an AI agent may take on one call, bound to that call: its account (the only data
 * they touch), its agent's hours and the account's time zone. Made once per call.
 */
export function callTools(scope: CallToolScope, effects: CallToolEffects): CallTool[] {
  const timeZone = isTimeZone(scope.timeZone) ? scope.timeZone : 'UTC';
  const slotScope = (): SlotScope => ({
    db: scope.db, accountId: scope.accountId, timeZone, workingHours: scope.workingHours, bookingRules: scope.bookingRules ?? null, now: scope.now(),
  });
  const caller = { accountId: scope.accountId, callId: scope.callId, callerNumber: scope.callerNumber };
  const slotLength = `${bookingRulesOf(scope.bookingRules).slotMinutes}-minute`;
  const nameOf = (name: string | null | undefined) => (name ? name : undefined);

  const tools: CallTool[] = [
    defineTool(
      'find_free_slots',
      `List the free ${slotLength} appointment times on one day, in the business's local time. Use it before offering `
      + 'times, and when the caller asks what is free. Answers a sentence to tell the caller: the free times, or why '
      + 'that day cannot be booked with other days that can.',
      FindFreeSlotsArgs,
      async ({ date }) => {
        const at = slotScope();
        const plan = await freeSlots(at, date);
        if (!plan.ok) return refused(await refusalText(at, plan, date, null));
        if (plan.free.length === 0) return refused(await fullDayText(at, date));
        return { ok: true, say: freeDayText(date, plan.free, plan.slotMinutes) };
      },
    ),
    defineTool(
      'book_appointment',
      `Book a ${slotLength} appointment for the caller. Call it once the caller has chosen a day and a time. The caller `
      + 'is found or added as a lead by their phone number. Answers a sentence to tell the caller: the booking, or '
      + 'why that time cannot be booked with free times to offer instead.',
      BookAppointmentArgs,
      async ({ date, time, name, notes }) => {
        const at = slotScope();
        const minutes = hhmmToMinutes(time)!;
        const outcome = await bookSlot(at, {
          date, minutes, callId: scope.callId, aiAgentId: scope.aiAgentId, notes: notes ? notes : null,
          leadFor: async (tx) => (await findOrCreateCallerLead(tx, caller, nameOf(name)))?.id ?? null,
        });
        // Once the booking (and the caller's lead with it) has committed or rolled back.
        scope.callLogs.changed(scope.accountId);
        if (!outcome.ok) return refused(await refusalText(at, outcome, date, minutes));
        // Committed: its calendar sync is queued, and runs without delaying the answer.
        await effects.booked(outcome.appointmentId);
        return { ok: true, say: bookedText(date, minutes) };
      },
    ),
    defineTool(
      'find_or_create_lead',
      'Find the caller among the business\'s leads by their phone number, or add them as a new lead. Pass their name '
      + 'once they have said it. A caller without a phone number can only be added with a name.',
      FindOrCreateLeadArgs,
      async ({ name }) => {
        const lead = await findOrCreateCallerLead(scope.db, caller, nameOf(name));
        scope.callLogs.changed(scope.accountId);
        if (lead === null) return refused(NEED_NAME_TEXT);
        if (!lead.created) return { ok: true, say: `I have you on file as ${lead.fullName}.` };
        return { ok: true, say: nameOf(name) ? `I have added you as ${lead.fullName}.` : 'I have noted your phone number.' };
      },
    ),
    defineTool(
      'transfer_to_person',
      'Transfer the caller to a person on the business\'s team: when they ask for a person, or when you cannot help. '
      + 'The person sees the reason and the conversation so far. The transfer happens once your reply is said; the '
      + 'result says where the caller goes (a person, another number, or a message when nobody is available): tell the caller that.',
      TransferArgs,
      async ({ reason }) => {
        return { ok: true, say: await effects.transfer(reason) };
      },
    ),
    defineTool(
      'end_call',
      'End the call once your reply is said. Use it only when the caller is done: they said goodbye or need nothing '
      + 'else. Say a short goodbye in the same reply.',
      EndCallArgs,
      async () => {
        effects.end();
        return { ok: true, say: END_CALL_TEXT };
      },
    ),
  ];
  const clock: CallClock = { now: scope.now, timeZone };
  for (const tool of tools) clocks.set(tool, clock);
  return tools;
}
