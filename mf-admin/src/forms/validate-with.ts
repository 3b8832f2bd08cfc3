import { getIn, setIn, type ValidationErrors } from 'final-form';
import { fieldErrors } from 'shared-contracts';
import type * as v from 'valibot';

/**
 * A final-form `validate` from a valibot schema (usually the contract's own body schema), so
 * the form refuses exactly what the server would, with the same words. Each field gets the
 * first message about it; the dot path (`roles.0.twilio_number`) reaches nested fields.
 */
export function validateWith<Values extends object>(
  schema: v.GenericSchema,
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
