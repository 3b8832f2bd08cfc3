import { contract } from 'shared-contracts';
import { implement } from '../../http/implement';

/** The softphone's access token; `identity` is the caller's own email (the contract's tenant check). */
export const generateToken = implement(contract.call.generateToken, async ({ user, app }) => {
  const ttlSeconds = app.config.voiceTokenTtlSeconds;
  const token = await app.telephony.provider.voiceToken(user.email, ttlSeconds);
  return { token, identity: user.email, ttlSeconds, provider: app.telephony.provider.kind };
});
