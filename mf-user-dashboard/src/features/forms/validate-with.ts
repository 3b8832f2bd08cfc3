import * as v from 'valibot';

/**
 * A final-form `validate` from a contract schema: the first message of each field, keyed by
 * its path, so the form shows exactly what the server would answer.
 */
export const validateWith = <S extends v.GenericSchema, V>(schema: S, toInput: (values: V) => unknown) =>
  (values: V): Record<string, string> => {
    const result = v.safeParse(schema, toInput(values));
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.issues) {
      const field = issue.path?.map((p) => String(p.key)).join('.') ?? '';
      if (field !== '' && !(field in errors)) errors[field] = issue.message;
    }
    return errors;
  };
