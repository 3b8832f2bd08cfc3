import * as v from 'valibot';

type Values = Record<string, unknown>;

/**
 * Final-form leaves untouched fields out of `values`; listing the form's keys presents them
 * as undefined, so the contract schema answers with its own "is required" texts.
 */
export const formInput = <K extends string>(values: Partial<Record<K, unknown>>, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, values[key] === '' ? undefined : values[key]])) as Record<K, unknown>;

/** A final-form `validate` from a contract schema: the first message per field, keyed by its path. */
export function schemaValidator<K extends string>(schema: v.GenericSchema, keys: readonly K[]) {
  return (values: Values): Partial<Record<K, string>> => {
    const result = v.safeParse(schema, formInput(values as Partial<Record<K, unknown>>, keys));
    if (result.success) return {};
    const errors: Partial<Record<K, string>> = {};
    for (const issue of result.issues) {
      const key = issue.path?.[0]?.key as K | undefined;
      if (key !== undefined && keys.includes(key) && !errors[key]) errors[key] = issue.message;
    }
    return errors;
  };
}
