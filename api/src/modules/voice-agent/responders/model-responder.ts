import { stepCountIs, streamText, type TextStreamPart, type ToolSet } from 'ai';
import { chatCompletionsSteps, type ReplyPart } from './chat-completions-steps';
import { chatCompletionsClientFor, languageModelFor, type ModelConfig, type ModelSettings } from './language-model';
import { conversationOf, systemPromptOf } from './model-prompt';
import { modelToolsOf } from './model-tools';
import { wrapUpWithModel } from './model-wrap-up';
import type { ReplyInput, Responder } from './responder';

/** A reply may call a tool and then speak about its answer, or chain two tools; never loop. */
const MAX_STEPS = 4;
/**
 * A phone reply is a few sentences; the cap bounds a runaway answer's cost while leaving room
 * for the hidden reasoning tokens some models spend before they speak.
 */
const MAX_REPLY_TOKENS = 1_024;

/** The error a failed model request surfaces as: names the client, never its credentials. */
export class ModelReplyError extends Error {
  constructor(label: string, cause: unknown) {
    super(`${label} did not answer: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ModelReplyError';
  }
}

/**
 * A responder backed by one of the administrator's AI clients. `reply` yields text deltas as
 * the provider streams them and runs the call's tools in between; a provider error is thrown
 * from the iterator (the session turns it into a spoken fallback), and an aborted signal ends
 * the iterator quietly after closing the provider request.
 */
export function createModelResponder(config: ModelConfig, settings: Partial<ModelSettings> = {}): Responder {
  const model = languageModelFor(config);
  // OpenAI's wire format is read by the lean client, with streamText's step semantics; Claude
  // and Gemini stream through the SDK.
  const chat = chatCompletionsClientFor(config);
  const label = `${config.provider} ${config.model}`;
  const temperature = settings.temperature ?? undefined;
  const maxOutputTokens = settings.maxReplyTokens ?? MAX_REPLY_TOKENS;

  async function* reply(input: ReplyInput): AsyncGenerator<string> {
    if (input.signal.aborted) return;
    const { opening, messages } = conversationOf(input.history);
    const system = systemPromptOf(input, opening);
    const tools = modelToolsOf(input.tools);
    const parts: AsyncIterable<ReplyPart | TextStreamPart<ToolSet>> = chat !== null
      ? chatCompletionsSteps(chat, { system, messages, tools, maxSteps: MAX_STEPS, maxOutputTokens, temperature, signal: input.signal })
      : streamText({
        model,
        system,
        messages,
        tools,
        stopWhen: stepCountIs(MAX_STEPS),
        maxOutputTokens,
        // Omitted rather than sent as null: the provider's own default applies.
        ...(temperature === undefined ? {} : { temperature }),
        // A caller is waiting on the line: a failed request becomes a spoken fallback at once
        // rather than retries with back-off.
        maxRetries: 0,
        abortSignal: input.signal,
        // Errors arrive as `error` parts below and are thrown from there.
        onError: () => {},
      }).fullStream;
    let spoke = false;
    let newStep = false;
    for await (const part of parts) {
      switch (part.type) {
        case 'start-step':
          newStep = spoke;
          break;
        case 'text-delta':
          if (part.text === '') break;
          // Text after a tool is a new sentence: keep it from running into the one before.
          yield newStep && !/^\s/.test(part.text) ? ` ${part.text}` : part.text;
          spoke = true;
          newStep = false;
          break;
        case 'abort':
          return;
        case 'error':
          if (input.signal.aborted) return;
          throw new ModelReplyError(label, part.error);
      }
    }
  }

  return {
    label,
    reply,
    wrapUp: (transcript, facts, signal) => wrapUpWithModel(model, transcript, facts, signal),
  };
}
