import { asSchema, InvalidToolInputError, JSONParseError, NoSuchToolError, type ModelMessage, type ToolSet } from 'ai';
import type { ChatCallOptions, ChatCompletionsClient, ChatFinishReason } from '../../ai-client';

type PromptMessage = ChatCallOptions['prompt'][number];
type AssistantPart = Extract<PromptMessage, { role: 'assistant' }>['content'][number];
type ToolResultPart = Extract<Extract<PromptMessage, { role: 'tool' }>['content'][number], { type: 'tool-result' }>;
type FunctionTool = Extract<NonNullable<ChatCallOptions['tools']>[number], { type: 'function' }>;

/** The parts of a reply the responder reads, shaped as `streamText`'s full stream shapes them. */
export type ReplyPart =
  | { type: 'start-step' }
  | { type: 'text-delta'; text: string }
  | { type: 'abort' }
  | { type: 'error'; error: unknown };

export interface ChatStepsRequest {
  system: string;
  /** The conversation: text turns of the caller and the agent. */
  messages: ModelMessage[];
  tools: ToolSet;
  maxSteps: number;
  maxOutputTokens: number;
  temperature?: number | undefined;
  signal: AbortSignal;
}

interface StepCall {
  toolCallId: string;
  toolName: string;
  /** The parsed arguments, or the text the model wrote when it could not be used. */
  input: unknown;
  error: Error | null;
  providerMetadata?: Record<string, Record<string, string>> | undefined;
}

/** Error messages as the SDK's tool runner words them for the model. */
const errorMessageOf = (error: unknown) => (error == null ? 'unknown error' : typeof error === 'string' ? error : error instanceof Error ? error.message : JSON.stringify(error));

/** JSON as the SDK reads a tool's arguments: a prototype key is refused. */
function parseArgs(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => {
    if (key === '__proto__' || (key === 'constructor' && typeof value === 'object' && value !== null && Object.hasOwn(value, 'prototype'))) {
      throw new SyntaxError('Object contains forbidden prototype property');
    }
    return value;
  });
}

/** A tool call as the SDK's tool runner checks it: a known tool and arguments that are JSON. */
function checkedCall(call: { toolCallId: string; toolName: string; input: string }, tools: ToolSet, providerMetadata: StepCall['providerMetadata']): StepCall {
  const base = { toolCallId: call.toolCallId, toolName: call.toolName, ...(providerMetadata ? { providerMetadata } : {}) };
  if (!Object.hasOwn(tools, call.toolName)) {
    const error = new NoSuchToolError({ toolName: call.toolName, availableTools: Object.keys(tools) });
    return { ...base, input: tryParse(call.input), error };
  }
  if (call.input.trim() === '') return { ...base, input: {}, error: null };
  try {
    return { ...base, input: parseArgs(call.input), error: null };
  } catch (cause) {
    const error = new InvalidToolInputError({ toolName: call.toolName, toolInput: call.input, cause: new JSONParseError({ text: call.input, cause }) });
    return { ...base, input: call.input, error };
  }
}

function tryParse(text: string): unknown {
  try {
    return parseArgs(text);
  } catch {
    return text;
  }
}

/** The tools as the provider is told of them, made once per tool set. */
async function functionToolsOf(tools: ToolSet): Promise<FunctionTool[]> {
  const made = functionTools.get(tools);
  if (made) return made;
  const list: FunctionTool[] = [];
  for (const [name, tool] of Object.entries(tools)) {
    list.push({ type: 'function', name, description: tool.description, inputSchema: await asSchema(tool.inputSchema).jsonSchema, providerOptions: tool.providerOptions });
  }
  functionTools.set(tools, list);
  return list;
}

const functionTools = new WeakMap<ToolSet, FunctionTool[]>();

/** The conversation as the provider interface takes it: every turn a text part. */
function promptOf(system: string, messages: readonly ModelMessage[]): PromptMessage[] {
  const prompt: PromptMessage[] = [{ role: 'system', content: system }];
  for (const message of messages) {
    if (typeof message.content !== 'string' || (message.role !== 'user' && message.role !== 'assistant')) {
      throw new Error('A reply\'s conversation holds text turns only');
    }
    prompt.push({ role: message.role, content: [{ type: 'text', text: message.content }] });
  }
  return prompt;
}

/**
 * A reply over an OpenAI chat-completions client, with the semantics of `streamText` with
 * `stopWhen: stepCountIs(maxSteps)` as the responder uses it: each step streams the model's text;
 * the tool calls of a step that finished with `stop` or `tool-calls` run (a call of an unknown tool
 * or with arguments that are not JSON is answered with the error instead), and when every call
 * has its answer and steps are left, the model is asked again with the calls and answers added.
 * A failure is an `error` part and an interruption an `abort` part, each the last.
 */
export async function* chatCompletionsSteps(client: ChatCompletionsClient, request: ChatStepsRequest): AsyncGenerator<ReplyPart> {
  const { tools, signal } = request;
  try {
    const prompt = promptOf(request.system, request.messages);
    const stepTools = Object.keys(tools).length > 0 ? await functionToolsOf(tools) : undefined;
    for (let step = 0; step < request.maxSteps; step += 1) {
      let text = '';
      let reasoning = '';
      let finishReason: ChatFinishReason = 'other';
      const calls: StepCall[] = [];
      let started = false;
      for await (const part of client.stream({
        prompt,
        ...(stepTools ? { tools: stepTools, toolChoice: { type: 'auto' as const } } : {}),
        maxOutputTokens: request.maxOutputTokens,
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        abortSignal: signal,
      })) {
        if (signal.aborted) break;
        if (!started) {
          started = true;
          yield { type: 'start-step' };
        }
        switch (part.type) {
          case 'text':
            text += part.text;
            yield { type: 'text-delta', text: part.text };
            break;
          case 'reasoning':
            reasoning += part.text;
            break;
          case 'tool-call':
            calls.push(checkedCall(part, tools, part.providerMetadata));
            break;
          case 'finish':
            finishReason = part.finishReason;
            break;
        }
      }
      if (signal.aborted) {
        yield { type: 'abort' };
        return;
      }
      if (calls.length === 0) return;
      const runnable = finishReason === 'stop' || finishReason === 'tool-calls';
      const results = await Promise.all(calls.map((call) => resultOf(call, runnable, tools, request.messages, signal)));
      if (signal.aborted) {
        yield { type: 'abort' };
        return;
      }
      if (results.some((result) => result === null)) return;
      const content: AssistantPart[] = [];
      if (text !== '') content.push({ type: 'text', text, providerOptions: undefined });
      if (reasoning !== '') content.push({ type: 'reasoning', text: reasoning, providerOptions: undefined });
      for (const call of calls) {
        content.push({
          type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName,
          input: call.error !== null && typeof call.input !== 'object' ? {} : call.input,
          providerExecuted: undefined, providerOptions: call.providerMetadata,
        });
      }
      prompt.push({ role: 'assistant', content }, { role: 'tool', content: results as ToolResultPart[] });
    }
  } catch (error) {
    yield signal.aborted ? { type: 'abort' } : { type: 'error', error };
  }
}

/** A call's answer for the model, or null when it was not run (a step cut short by its length). */
async function resultOf(call: StepCall, runnable: boolean, tools: ToolSet, messages: ModelMessage[], signal: AbortSignal): Promise<ToolResultPart | null> {
  const part = (output: ToolResultPart['output']): ToolResultPart => ({ type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, output, providerOptions: undefined });
  if (call.error !== null) return part({ type: 'error-json', value: errorMessageOf(call.error) });
  const execute = tools[call.toolName]?.execute;
  if (!runnable || execute === undefined) return null;
  try {
    const output: unknown = await execute(call.input, { toolCallId: call.toolCallId, messages, abortSignal: signal, experimental_context: undefined });
    return part(typeof output === 'string' ? { type: 'text', value: output } : { type: 'json', value: (output ?? null) as never });
  } catch (error) {
    return part({ type: 'error-json', value: (error ?? null) as never });
  }
}
