/** Idempotency: claims on request keys, completed with the effect they answer. Other features import from here, not from the files inside. */
export { createdByKey } from './created-by-key'
export { assertKeyUnanswered, claimOf, completeClaim, type IdempotencyClaim, KeyAlreadyAnswered, restateClaim } from './idempotency-claim'
export { type IdempotencyRecord } from './idempotency-record'
