/**
 * A handler result may carry its response body already serialized (a cached page answered
 * thousands of times a second): `registerEndpoint` then sends that text instead of running
 * JSON.stringify again. It must equal what the envelope would serialize to.
 */
const SERIALIZED = Symbol('serialized response body');

export function withSerializedBody<T extends object>(result: T, body: string): T {
  Object.defineProperty(result, SERIALIZED, { value: body, enumerable: false });
  return result;
}

export function serializedBodyOf(result: unknown): string | undefined {
  return typeof result === 'object' && result !== null ? (result as { [SERIALIZED]?: string })[SERIALIZED] : undefined;
}
