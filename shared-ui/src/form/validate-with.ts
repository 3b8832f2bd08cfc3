import { getIn, setIn, type ValidationErrors } from 'final-form';
import { fieldErrors } from 'shared-contracts';

type Schema = Parameters<typeof fieldErrors>[0];

/**
 * A final-form `validate` from a valibot schema (usually the contract's own body schema), so
 * a form refuses exactly what the server would, in the same words. Each field gets the first
 * message about it; a dot path (`roles.0.twilio_number`) reaches a nested field.
 * `toInput` turns the form's values into what the server would be sent.
 */
export function validateWith<Values extends object>(
  schema: Schema,
  toInput: (values: Values) => unknown = (values) => values,
): (values: Values) => ValidationErrors {
  return (values) => {
    let errors: object = {};
    for (const [path, message] of Object.entries(fieldErrors(schema, toInput(values)))) {
      if (getIn(errors, path) === undefined) errors = setIn(errors, path, message);
    }
    return errors;
  };
}

/**
 * Every one of `keys`, with an empty text as absent: final-form leaves a field never filled
 * in out of its values, and the schema should answer "… is required" for both alike.
 */
export const formInput = <K extends string>(values: Partial<Record<K, unknown>>, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, values[key] === '' ? undefined : values[key]])) as Record<K, unknown>;
