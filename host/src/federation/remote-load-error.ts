import type { RemoteName } from './remotes';

/** A remote (its manifest, entry or exposed module) could not be loaded. */
export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';

  constructor(
    readonly remote: RemoteName | string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`Remote "${remote}" could not be loaded: ${detail}`, options);
  }
}
