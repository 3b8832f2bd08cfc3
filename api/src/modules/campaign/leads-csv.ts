import { CsvError, parse } from 'csv-parse/sync';
import * as v from 'valibot';
import {
  CAMPAIGN_CSV_HEADER_TEXT, CAMPAIGN_CSV_MAX_ROWS, CAMPAIGN_CSV_NO_ROWS_TEXT, CAMPAIGN_CSV_TOO_MANY_ROWS_TEXT, CAMPAIGN_ROW_TEXT,
  containsHtmlTag, Email, isTimeZone, normalizePhoneB, stripControlCharacters, US_PHONE_PATTERN, type RefusedRow,
} from 'shared-contracts';

export interface CsvLead {
  line: number;
  fullName: string;
  phoneNumber: string;
  email: string | null;
  timeZone: string | null;
}

export type LeadsCsv = { ok: false; error: string } | { ok: true; leads: CsvLead[]; refused: RefusedRow[] };

const COLUMNS = {
  fullName: ['name', 'full name', 'fullname', 'full_name', 'lead', 'lead name'],
  phoneNumber: ['phone', 'phone number', 'phonenumber', 'phone_number', 'number', 'mobile', 'telephone'],
  email: ['email', 'e-mail', 'email address'],
  timeZone: ['time zone', 'timezone', 'time_zone', 'tz'],
} as const;

interface CsvRecord { line: number; fields: string[]; unclosed: boolean }

/**
 * RFC 4180 as spreadsheets write it: a quoted field may hold commas, quotes ("") and line breaks,
 * spaces before a field's opening quote are dropped, and a quote inside an unquoted field is kept
 * as text. Rows may differ in length (a short row lacks its optional columns).
 */
const CSV_OPTIONS = { bom: true, delimiter: ',', record_delimiter: '\n', ltrim: true, relax_quotes: true, relax_column_count: true } as const;

/**
 * The records with the line each starts on, blank lines left out. An unclosed quote runs to the
 * end of the file, so it is the last record, returned as unclosed.
 */
function records(text: string): CsvRecord[] {
  const out: CsvRecord[] = [];
  // Every line is a record here (none are skipped), so each starts on the line after the last one's end.
  let nextLine = 1;
  try {
    parse(text.replace(/\r\n?/g, '\n'), {
      ...CSV_OPTIONS,
      on_record: (fields: string[], info) => {
        if (fields.length > 1 || (fields[0] ?? '').trim() !== '') out.push({ line: nextLine, fields, unclosed: false });
        nextLine = info.lines + 1;
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    out.push({ line: nextLine, fields: [], unclosed: true });
  }
  return out;
}

const columnOf = (header: string[], names: readonly string[]) => header.findIndex((h) => (names as readonly string[]).includes(h));

/**
 * The leads of a CSV: a header naming the columns (name and phone required; email and time zone
 * optional, any order), then one lead per row. Each row is checked on its own; a refused row is
 * reported by its line with the reason, and the rest are kept. A number already on an earlier row
 * is refused, pointing at that row.
 */
export function parseLeadsCsv(text: string): LeadsCsv {
  const [head, ...rows] = records(text);
  if (!head || head.unclosed) return { ok: false, error: CAMPAIGN_CSV_HEADER_TEXT };
  const header = head.fields.map((h) => h.trim().toLowerCase());
  const at = {
    fullName: columnOf(header, COLUMNS.fullName), phoneNumber: columnOf(header, COLUMNS.phoneNumber),
    email: columnOf(header, COLUMNS.email), timeZone: columnOf(header, COLUMNS.timeZone),
  };
  if (at.fullName < 0 || at.phoneNumber < 0) return { ok: false, error: CAMPAIGN_CSV_HEADER_TEXT };
  if (rows.length === 0) return { ok: false, error: CAMPAIGN_CSV_NO_ROWS_TEXT };
  if (rows.length > CAMPAIGN_CSV_MAX_ROWS) return { ok: false, error: CAMPAIGN_CSV_TOO_MANY_ROWS_TEXT };

  const leads: CsvLead[] = [];
  const refused: RefusedRow[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const cell = (index: number) => (index < 0 ? '' : stripControlCharacters(row.fields[index] ?? '').trim());
    const reason = rowProblem(row, cell, at, seen);
    if (typeof reason === 'string') {
      refused.push({ line: row.line, reason });
      continue;
    }
    seen.set(reason.phoneNumber, row.line);
    leads.push(reason);
  }
  return { ok: true, leads, refused };
}

function rowProblem(
  row: CsvRecord,
  cell: (index: number) => string,
  at: Record<keyof typeof COLUMNS, number>,
  seen: Map<string, number>,
): string | CsvLead {
  if (row.unclosed) return CAMPAIGN_ROW_TEXT.badQuotes;
  const fullName = cell(at.fullName).replace(/\s+/g, ' ');
  if (fullName === '') return CAMPAIGN_ROW_TEXT.nameRequired;
  if (fullName.length > 200) return CAMPAIGN_ROW_TEXT.nameTooLong;
  if (containsHtmlTag(fullName)) return CAMPAIGN_ROW_TEXT.nameHtml;
  const typed = cell(at.phoneNumber);
  if (typed === '') return CAMPAIGN_ROW_TEXT.phoneRequired;
  const phoneNumber = normalizePhoneB(typed);
  if (!US_PHONE_PATTERN.test(phoneNumber)) return CAMPAIGN_ROW_TEXT.phoneNotUs;
  const earlier = seen.get(phoneNumber);
  if (earlier !== undefined) return CAMPAIGN_ROW_TEXT.duplicate(earlier);
  const emailText = cell(at.email);
  const email = emailText === '' ? null : v.safeParse(Email, emailText);
  if (email !== null && !email.success) return CAMPAIGN_ROW_TEXT.email;
  const timeZone = cell(at.timeZone);
  if (timeZone !== '' && !isTimeZone(timeZone)) return CAMPAIGN_ROW_TEXT.timeZone;
  return { line: row.line, fullName, phoneNumber, email: email?.output ?? null, timeZone: timeZone === '' ? null : timeZone };
}
