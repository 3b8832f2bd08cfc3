import { toJsonSchema } from '@valibot/to-json-schema';
import { jsonSchema, tool, type ToolSet } from 'ai';
import * as v from 'valibot';
import type { CallTool } from '../tools/call-tools';

/** What the model reads when a tool could not run, so that it can ask the caller again. */
export const badToolArgsText = (name: string, problems: string) =>
  `The ${name} action was not taken: ${problems}. Ask the caller for what is missing or wrong, then try again.`;
export const TOOL_FAILED_TEXT = 'That action failed on our side. Apologise briefly and offer to connect the caller to a person.';

function describeIssue(issue: v.BaseIssue<unknown>): string {
  const path = v.getDotPath(issue);
  return path === null ? issue.message : `${path}: ${issue.message}`;
}

/** The JSON Schema a provider expects for a tool's arguments, from its valibot schema. */
function parametersOf(callTool: CallTool) {
  // The model writes the input, so the schema describes what goes in; actions JSON Schema
  // cannot express (custom checks, transforms) are left to the valibot check in `execute`.
  const { $schema: _dialect, ...schema } = toJsonSchema(callTool.args, { typeMode: 'input', errorMode: 'ignore' });
  return jsonSchema<unknown>(schema as Parameters<typeof jsonSchema>[0]);
}

/**
 * The call's tools as the model sees them. Arguments are checked with the tool's own valibot
 * schema, and whatever happens the model gets a sentence back: a bad argument or a failed
 * action is something to say to the caller, never an exception that ends the reply.
 */
export function modelToolsOf(tools: readonly CallTool[]): ToolSet {
  const set: ToolSet = {};
  for (const callTool of tools) {
    set[callTool.name] = tool<unknown, string>({
      description: callTool.description,
      inputSchema: parametersOf(callTool),
      execute: async (input) => {
        const parsed = v.safeParse(callTool.args, input ?? {});
        if (!parsed.success) {
          return badToolArgsText(callTool.name, parsed.issues.map(describeIssue).join('; '));
        }
        try {
          return (await callTool.run(parsed.output)).say;
        } catch {
          return TOOL_FAILED_TEXT;
        }
      },
    });
  }
  return set;
}
