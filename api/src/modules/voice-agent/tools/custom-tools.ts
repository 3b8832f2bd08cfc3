import { TOOL_TIMED_OUT_TEXT, TOOL_UNAVAILABLE_TEXT } from 'shared-contracts';
import type { AddressPolicy } from '../../webhooks';
import type { RelayCall } from '../session/call-record';
import type { CallTool, ToolResult } from './call-tools';
import { customToolArgs, type CustomToolArgs } from './custom-tool-args';
import { requestCustomTool, type CustomToolAnswer } from './custom-tool-request';
import { openToolSecret } from './custom-tool-secret';

export interface CustomToolsDeps {
  credentialsKey: string;
  policy: AddressPolicy;
  log?: { warn(obj: object, msg: string): void };
}

/** What an endpoint's answer becomes for the model: its text, or the sentence to say instead. */
export function toolResultOf(answer: CustomToolAnswer): ToolResult {
  if (answer.outcome === 'timeout') return { ok: false, say: TOOL_TIMED_OUT_TEXT, outcome: 'timeout', httpStatus: null };
  if (answer.outcome === 'error') return { ok: false, say: TOOL_UNAVAILABLE_TEXT, outcome: 'error', httpStatus: answer.httpStatus };
  return { ok: true, say: answer.text === '' ? 'Done: the system accepted the request.' : answer.text, httpStatus: answer.httpStatus };
}

/** The agent's signing secret, or null when it has none or it no longer opens (a changed CREDENTIALS_KEY, a copied row). */
function secretOf(call: RelayCall, deps: CustomToolsDeps): string | null {
  const sealed = call.agent.toolSecretSealed;
  if (sealed === null) return null;
  try {
    return openToolSecret(deps.credentialsKey, call.agent.id, sealed);
  } catch (err) {
    deps.log?.warn({ err, aiAgentId: call.agent.id }, 'custom tool secret does not open');
    return null;
  }
}

/**
 * The agent's own tools for this call: each sends a signed request to the business's endpoint
 * and hands the answer to the model. A failure of any kind is a sentence the agent can say
 * (TOOL_TIMED_OUT_TEXT, TOOL_UNAVAILABLE_TEXT), never a stalled or broken reply.
 */
export function customToolsFor(call: RelayCall, deps: CustomToolsDeps): CallTool[] {
  const tools = call.agent.customTools;
  if (tools.length === 0) return [];
  const secret = secretOf(call, deps);
  if (secret === null) deps.log?.warn({ aiAgentId: call.agent.id }, 'custom tools not called: the agent has no signing secret that opens');
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    args: customToolArgs(tool.parameters),
    // As with webhooks, nothing is sent unsigned: the business's endpoint could not tell it from anyone's.
    run: async (args) => (secret === null
      ? { ok: false, say: TOOL_UNAVAILABLE_TEXT, outcome: 'error', httpStatus: null }
      : toolResultOf(await requestCustomTool({ tool, args: args as CustomToolArgs, callId: call.callId, secret, policy: deps.policy }))),
  }));
}
