import * as v from 'valibot';
import { HttpUrl, PlainText, requestObject } from './common';

/** The built-in actions every agent has: a custom tool may not take their names. */
export const BUILT_IN_TOOL_NAMES = ['find_free_slots', 'book_appointment', 'find_or_create_lead', 'transfer_to_person', 'end_call'] as const;
export const CUSTOM_TOOL_METHODS = ['POST', 'GET'] as const;
export const CUSTOM_TOOL_PARAMETER_TYPES = ['string', 'number', 'integer', 'boolean'] as const;
export const MAX_CUSTOM_TOOLS = 10;
export const MAX_CUSTOM_TOOL_PARAMETERS = 10;
/** How long a custom tool's endpoint has to answer before the agent says TOOL_TIMED_OUT_TEXT instead. */
export const CUSTOM_TOOL_TIMEOUT_MS = 4_000;
/** The most of an endpoint's answer that is read and handed to the model. */
export const CUSTOM_TOOL_MAX_RESPONSE_BYTES = 16_384;
/** What the agent tells the caller when the business's system did not answer in time. */
export const TOOL_TIMED_OUT_TEXT = 'Sorry, our system is taking too long to answer. Let me help you another way.';
/** What "Try it" answers when the agent's signing secret cannot be opened (a changed CREDENTIALS_KEY). */
export const UNREADABLE_TOOL_SECRET_TEXT = 'The agent\'s signing secret could not be read: make a new secret, then try again';
/** What the agent tells the caller when the business's system answered with an error or nothing it can read. */
export const TOOL_UNAVAILABLE_TEXT = 'Sorry, I could not reach our system just now. Let me help you another way.';

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
const Identifier = (label: string, max: number) => v.pipe(
  v.string(`${label} is required`),
  v.trim(),
  v.nonEmpty(`${label} is required`),
  v.maxLength(max, `${label} must be at most ${max} characters`),
  v.regex(IDENTIFIER, `${label} must start with a lowercase letter and use only lowercase letters, digits and _`),
);

/** One argument the model fills in when it calls the tool. */
export const CustomToolParameter = requestObject({
  name: Identifier('Parameter name', 40),
  type: v.picklist(CUSTOM_TOOL_PARAMETER_TYPES, 'Choose text, number, whole number or yes/no'),
  description: v.optional(v.pipe(v.string('Description must be text'), v.trim(), v.maxLength(300, 'Description must be at most 300 characters')), ''),
  required: v.optional(v.boolean('Required must be on or off'), true),
});

/** HTTPS in production: the server's address policy refuses plain HTTP and private targets there, as for webhooks. */
const EndpointUrl = v.pipe(HttpUrl('Endpoint URL'), v.maxLength(2000, 'Endpoint URL is too long'));

/** A tool of the business's own: the model may call it during a call; we send a signed request to its URL. */
export const CustomTool = v.pipe(
  requestObject({
    name: v.pipe(
      Identifier('Tool name', 64),
      v.check((n: string) => !(BUILT_IN_TOOL_NAMES as readonly string[]).includes(n), 'That name belongs to a built-in action: choose another'),
    ),
    description: PlainText('Description for the model', 1000),
    url: EndpointUrl,
    method: v.picklist(CUSTOM_TOOL_METHODS, 'Choose POST or GET'),
    parameters: v.optional(v.pipe(
      v.array(CustomToolParameter, 'Parameters must be a list'),
      v.maxLength(MAX_CUSTOM_TOOL_PARAMETERS, `A tool takes at most ${MAX_CUSTOM_TOOL_PARAMETERS} parameters`),
      v.check((ps) => new Set(ps.map((p) => p.name)).size === ps.length, 'Each parameter needs its own name'),
    ), []),
  }),
);
export type CustomToolValue = v.InferOutput<typeof CustomTool>;

export const CustomTools = v.pipe(
  v.array(CustomTool, 'Custom tools must be a list'),
  v.maxLength(MAX_CUSTOM_TOOLS, `An agent has at most ${MAX_CUSTOM_TOOLS} custom tools`),
  v.check((ts) => new Set(ts.map((t) => t.name)).size === ts.length, 'Each tool needs its own name'),
);
