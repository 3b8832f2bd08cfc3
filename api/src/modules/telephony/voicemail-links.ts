import type { Config } from '../../config';
import { createLinkSigner } from '../../http/signed-links';

export const VOICEMAIL_PATH = '/v1/telephony/voicemail';
export const VOICEMAIL_LINK_WINDOW_SECONDS = 60 * 60;

/** Signs voicemail links: an account's recording opens only through a link the API gave its own users. */
export const voicemailLinks = (config: Pick<Config, 'tokenSecret'>) =>
  createLinkSigner(config.tokenSecret, 'voicemail-links', VOICEMAIL_LINK_WINDOW_SECONDS);

/**
 * Where an account's voicemail plays from: a signed, expiring link (an audio element sends no
 * bearer token); the version makes a new upload a new URL, so no cache serves the old one.
 */
export const voicemailUrl = (config: Pick<Config, 'tokenSecret' | 'publicApiUrl'>, accountId: string, updatedAt: Date) =>
  `${config.publicApiUrl}${VOICEMAIL_PATH}/${accountId}?${new URLSearchParams({ v: String(updatedAt.getTime()), ...voicemailLinks(config).sign(accountId) })}`;
