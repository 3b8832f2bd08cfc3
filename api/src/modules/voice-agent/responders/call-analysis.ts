import type { AnalysisFieldValue, CallAnalysisValue } from 'shared-contracts';

/** What the wrap-up is asked to fill in for one call, with what is known of it for certain. */
export interface AnalysisRequest {
  fields: readonly AnalysisFieldValue[];
  /** Empty: the agent judges no success, and `success` stays null. */
  successCriterion: string;
  /** Who a model's analysis is credited to (its responder's label). */
  modelLabel: string;
  known: KnownCallFacts;
}

/** Facts the call's records hold, which the rules fill fields from and the model is told. */
export interface KnownCallFacts {
  /** The caller's name as the lead has it; null while it is only the placeholder made from the number. */
  callerName: string | null;
  /** The other party's number (the caller's, or the one dialled). */
  callerNumber: string | null;
  /** The appointment booked on the call, in the account's time zone. */
  booked: { date: string; time: string } | null;
  /** The day the call took place, in the account's time zone: what "tomorrow" means. */
  callDate: string;
}

export type AnalysisValue = CallAnalysisValue['fields'][number]['value'];

const MAX_TEXT_VALUE = 500;
const MAX_REASON = 200;
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/;

/** A model's reason kept to one short line. */
export function oneLine(text: string, max = MAX_REASON): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

function dateValue(raw: string): string | null {
  const match = DATE.exec(raw.trim());
  if (!match) return null;
  const [, y, m, d, hh, mm] = match;
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (day.getUTCMonth() !== Number(m) - 1 || day.getUTCDate() !== Number(d)) return null;
  if (hh === undefined) return `${y}-${m}-${d}`;
  return Number(hh) < 24 && Number(mm) < 60 ? `${y}-${m}-${d}T${hh}:${mm}` : null;
}

const YES = new Set(['yes', 'true', 'y']);
const NO = new Set(['no', 'false', 'n']);

/**
 * A value as the field's type has it, or null: text is cut to one bounded line, a number must be
 * finite, yes/no a boolean (or the words), a date `YYYY-MM-DD` with an optional `THH:mm` (local to
 * the account), a choice one of the field's options (matched without regard to case).
 */
export function coerceValue(field: AnalysisFieldValue, raw: unknown): AnalysisValue {
  if (raw === null || raw === undefined) return null;
  switch (field.type) {
    case 'text': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return null;
      const text = oneLine(String(raw), MAX_TEXT_VALUE);
      return text === '' ? null : text;
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim().replace(/,/g, '')) : Number.NaN;
      return Number.isFinite(n) ? n : null;
    }
    case 'yes-no': {
      if (typeof raw === 'boolean') return raw;
      if (typeof raw !== 'string') return null;
      const word = raw.trim().toLowerCase();
      return YES.has(word) ? true : NO.has(word) ? false : null;
    }
    case 'date':
      return typeof raw === 'string' ? dateValue(raw) : null;
    case 'choice': {
      if (typeof raw !== 'string') return null;
      const wanted = raw.trim().toLowerCase();
      return field.options.find((option) => option.toLowerCase() === wanted) ?? null;
    }
  }
}

/** Every field of the request, in its order, with its value coerced (a field the answer lacks is null). */
export function analysisFieldsOf(fields: readonly AnalysisFieldValue[], valueOf: (field: AnalysisFieldValue) => unknown): CallAnalysisValue['fields'] {
  return fields.map((field) => ({ name: field.name, type: field.type, value: coerceValue(field, valueOf(field)) }));
}

/** An appointment's start in the account's time zone, as the analysis and the model read it. */
export function localDateTime(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
