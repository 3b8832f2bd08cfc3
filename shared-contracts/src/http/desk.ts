import * as v from 'valibot';
import { endpoint } from './endpoint';
import { CallDirection, Id, IsoDateTime, noHtml, requestObject } from '../schemas/common';
import { CallWrapUp } from '../schemas/entities';
import {
  DISPOSITION_MAX_COUNT, DISPOSITION_MAX_LENGTH, WRAP_UP_NOTES_MAX_LENGTH, WRAP_UP_SECONDS_MAX, WRAP_UP_SECONDS_MIN, WRAP_UP_TEXT,
} from '../domain/wrap-up';

const Disposition = v.pipe(
  v.string(WRAP_UP_TEXT.dispositionRequired), v.trim(), v.nonEmpty(WRAP_UP_TEXT.dispositionRequired),
  v.maxLength(DISPOSITION_MAX_LENGTH, WRAP_UP_TEXT.dispositionTooLong), noHtml('Disposition'),
);

/** How the account's human agents wrap up their calls: the dispositions they choose from, and the time they have. */
export const DeskSetting = requestObject({
  dispositions: v.pipe(
    v.array(Disposition, WRAP_UP_TEXT.dispositionsRequired),
    v.minLength(1, WRAP_UP_TEXT.dispositionsRequired),
    v.maxLength(DISPOSITION_MAX_COUNT, WRAP_UP_TEXT.dispositionsTooMany),
    v.check((list) => new Set(list.map((item) => item.toLowerCase())).size === list.length, WRAP_UP_TEXT.dispositionsRepeated),
  ),
  wrapUpSeconds: v.pipe(
    v.number(WRAP_UP_TEXT.secondsRange), v.integer(WRAP_UP_TEXT.secondsRange),
    v.minValue(WRAP_UP_SECONDS_MIN, WRAP_UP_TEXT.secondsRange), v.maxValue(WRAP_UP_SECONDS_MAX, WRAP_UP_TEXT.secondsRange),
  ),
});
export type DeskSetting = v.InferOutput<typeof DeskSetting>;

/** A call the signed-in agent has still to wrap up. */
export const PendingWrapUp = v.object({
  callId: Id,
  direction: CallDirection,
  /** The caller's number (or, for a call the agent placed, the number called). */
  phoneNumber: v.string(),
  callerName: v.nullable(v.string()),
  durationSeconds: v.number(),
  /** When the time to wrap it up runs out; the agent is then offered calls again. */
  dueAt: IsoDateTime,
  dispositions: v.array(v.string()),
});
export type PendingWrapUp = v.InferOutput<typeof PendingWrapUp>;

export const WrapUpCallBody = requestObject({
  callId: v.pipe(v.string('Call is required'), v.uuid('Invalid id')),
  disposition: Disposition,
  notes: v.optional(v.pipe(v.string('Notes must be a text'), v.trim(), v.maxLength(WRAP_UP_NOTES_MAX_LENGTH, WRAP_UP_TEXT.notesTooLong), noHtml('Notes')), ''),
});

export const deskContract = {
  getDeskSetting: endpoint({
    method: 'GET', path: 'desk/get-setting', summary: 'The dispositions the account\'s human agents wrap up their calls with, and the time they have',
    response: DeskSetting, roles: ['USER', 'AGENT'], tenant: [],
  }),
  updateDeskSetting: endpoint({
    method: 'PATCH', path: 'desk/update-setting', summary: 'Set the dispositions and the time the account\'s human agents have to wrap up a call',
    body: DeskSetting, response: DeskSetting, roles: ['USER'], tenant: [],
  }),
  getPendingWrapUp: endpoint({
    method: 'GET', path: 'desk/get-pending-wrap-up', summary: 'The call the signed-in agent has still to wrap up, or null',
    response: v.object({ pending: v.nullable(PendingWrapUp) }), roles: ['AGENT'], tenant: [],
  }),
  wrapUpCall: endpoint({
    method: 'POST', path: 'desk/wrap-up-call', summary: 'Wrap up a call the signed-in agent took: its disposition and notes; the agent is then offered calls again',
    body: WrapUpCallBody, response: v.object({ callId: Id, wrapUp: CallWrapUp }),
    roles: ['AGENT'], tenant: [{ in: 'body', key: 'callId', owns: 'call' }],
  }),
} as const;
