import * as v from 'valibot';
import type { CustomToolValue } from 'shared-contracts';

type Parameter = CustomToolValue['parameters'][number];

/** Text the model fills in is kept short: it is sent on to the business's system. */
const MAX_TEXT_ARG = 500;

function schemaOf(parameter: Parameter): v.GenericSchema {
  const label = parameter.name;
  switch (parameter.type) {
    case 'number': return v.number(`${label} must be a number`);
    case 'integer': return v.pipe(v.number(`${label} must be a whole number`), v.integer(`${label} must be a whole number`));
    case 'boolean': return v.boolean(`${label} must be true or false`);
    default: return v.pipe(v.string(`${label} must be text`), v.maxLength(MAX_TEXT_ARG, `${label} must be at most ${MAX_TEXT_ARG} characters`));
  }
}

/**
 * A custom tool's arguments as a valibot object, from the parameters the business listed: the
 * model reads it as JSON Schema (each parameter's description included), and what the model
 * sends is checked with it before any request leaves.
 */
export function customToolArgs(parameters: readonly Parameter[]) {
  const entries: v.ObjectEntries = {};
  for (const parameter of parameters) {
    let schema = schemaOf(parameter);
    if (parameter.description !== '') schema = v.pipe(schema, v.description(parameter.description));
    entries[parameter.name] = parameter.required ? schema : v.optional(schema);
  }
  return v.object(entries, 'Arguments must be an object');
}

export type CustomToolArgs = Record<string, string | number | boolean>;
