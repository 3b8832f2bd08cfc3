import { toJsonSchema } from '@valibot/to-json-schema';
import { jsonSchema, tool, type ToolSet } from 'ai';
import { refusedWhole, type InputIssue } from '../../../http/parse-input';
import { checkToolArgs, refusedArgs, runChecked, type CallTool } from '../tools/call-tools';

/** What the model reads when a tool could not run, so that it can ask the caller again. */
export const badToolArgsText = (name: string, problems: string) =>
  `The ${name} action was not taken: ${problems}. Ask the caller for what is missing or wrong, then try again.`;
export const TOOL_FAILED_TEXT = 'That action failed on our side. Apologise briefly and offer to connect the caller to a person.';

function describeIssue(issue: InputIssue): string {
  return issue.path === null ? issue.message : `${issue.path}: ${issue.message}`;
}

/** The JSON Schema a provider expects for a tool's arguments, from its valibot schema. */
function parametersOf(callTool: CallTool) {
  // The model writes the input, so the schema describes what goes in; actions JSON Schema
  // cannot express (custom checks, transforms) are left to the check in `execute`.
  const { $schema: _dialect, ...schema } = toJsonSchema(callTool.args, { typeMode: 'input', errorMode: 'ignore' });
  return jsonSchema<unknown>(schema as Parameters<typeof jsonSchema>[0]);
}

/**
 * The call's tools as the model sees them. Arguments are checked once, with parseInput and the
 * tool's own valibot schema, and whatever happens the model gets a sentence back: a bad argument or a failed
 * action is something to say to the caller, never an exception that ends the reply.
 */
export function modelToolsOf(tools: readonly CallTool[]): ToolSet {
  // A call's tools are made once and passed on every turn: their JSON Schemas are made once too.
  const made = toolSets.get(tools);
  if (made) return made;
  const set: ToolSet = {};
  for (const callTool of tools) {
    set[callTool.name] = tool<unknown, string>({
      description: callTool.description,
      inputSchema: parametersOf(callTool),
      execute: async (input) => {
        const parsed = checkToolArgs(callTool, input);
        if (!parsed.ok) {
          // A refusal of the whole input (a control character, a list) is said as the tool says it.
          if (refusedWhole(parsed.issues)) return refusedArgs(parsed.issues).say;
          return badToolArgsText(callTool.name, parsed.issues.map(describeIssue).join('; '));
        }
        try {
          return (await runChecked(callTool, parsed.output)).say;
        } catch {
          return TOOL_FAILED_TEXT;
        }
      },
    });
  }
  toolSets.set(tools, set);
  return set;
}

const toolSets = new WeakMap<readonly CallTool[], ToolSet>();
