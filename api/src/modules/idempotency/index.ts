export { answerOnce, idempotencyKeyOf, type IdempotentRequest } from './answer-once';
export { sweepExpiredIdempotentRequests, ABANDONED_AFTER_SECONDS } from './idempotent-requests';
export { idempotencySweepPlugin } from './sweep-plugin';
export { IDEMPOTENCY_DESCRIPTION, idempotencyKeyParameter } from './openapi-header';
