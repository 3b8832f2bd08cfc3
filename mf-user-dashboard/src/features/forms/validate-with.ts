import { fieldErrors } from 'shared-contracts';
import type * as v from 'valibot';

/**
 * A final-form `validate` from a contract schema: the first message of each field, keyed by
 * its path, so the form shows exactly what the server would answer.
 */
export const validateWith = <S extends v.GenericSchema, V>(schema: S, toInput: (values: V) => unknown) =>
  (values: V): Record<string, string> => fieldErrors(schema, toInput(values));
