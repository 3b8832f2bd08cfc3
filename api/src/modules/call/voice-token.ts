import { CALLING_UNAVAILABLE_TEXT, contract } from 'shared-contracts';
import { ApiError } from '../../http/api-error';
import { implement } from '../../http/implement';

/** The softphone's access token; `identity` is the caller's own email (the contract's tenant check).
 *  A production server without Twilio has no telephony (the simulator is a development tool),
 *  so it hands out no token a device could never register with. */
export const generateToken = implement(contract.call.generateToken, async ({ user, app }) => {
  if (app.telephony.provider.kind === 'simulator' && app.config.nodeEnv === 'production') {
    throw new ApiError(503, 'ServiceUnavailable', CALLING_UNAVAILABLE_TEXT);
  }
  const ttlSeconds = app.config.voiceTokenTtlSeconds;
  const token = await app.telephony.provider.voiceToken(user.email, ttlSeconds);
  return { token, identity: user.email, ttlSeconds, provider: app.telephony.provider.kind };
});
