/**
 * What the log keeps of an error. A failed query's error carries its SQL parameters (a password
 * hash, an API key's hash, a person's details) in its message, its stack and its `params`, and a
 * database error's `detail` quotes the values it refused: none of that is written. The SQL text,
 * the database's error code and the stack frames are, which is what finding the cause needs.
 */
export type LoggedError = {
  type: string;
  message: string;
  code?: string;
  stack: string;
  cause?: LoggedError;
};

const PARAMS = /\nparams:[\s\S]*$/;

const framesOf = (stack: string | undefined): string =>
  (stack ?? '').split('\n').filter((line) => line.startsWith('    at ')).join('\n');

export function loggedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a value that is not an Error was thrown', stack: '' };
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  const logged: LoggedError = { type: error.name, message: error.message.replace(PARAMS, ''), stack: framesOf(error.stack) };
  if (typeof code === 'string') logged.code = code;
  if (cause !== undefined && depth < 3) logged.cause = loggedError(cause, depth + 1);
  return logged;
}
