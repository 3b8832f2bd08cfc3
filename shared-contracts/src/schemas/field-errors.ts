import * as v from 'valibot';

/**
 * The first message a schema gives about each field of `input`, keyed by the field's dot path
 * (`roles.0.twilio_number`); empty when the schema accepts it. Forms show these beside their
 * fields, so a form refuses exactly what the server would, in the same words. (Here, not in
 * each app: the contracts are shared, so a remote that validates with them ships no valibot.)
 */
export function fieldErrors(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '';
    if (path !== '' && !(path in errors)) errors[path] = issue.message;
  }
  return errors;
}
