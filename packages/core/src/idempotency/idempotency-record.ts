/**
 * A caller's `Idempotency-Key` and what it led to. A key is first claimed (`pending`) and then
 * completed with the response it produced, which later requests with the same key replay.
 */
export interface IdempotencyRecord {
  companyId: string
  key: string
  /** Hash of the request (method, path and the whole body): another request may not reuse the key. */
  fingerprint: string
  state: 'pending' | 'completed'
  /** A pending claim older than this is abandoned (its process died) and may be taken over. */
  claimExpiresAt: string
  responseStatus: number | null
  /** A JSON value: stored as JSON, so `undefined` comes back as null. */
  responseBody: unknown
  /** The record the request created, when it created one (replays may show its current state). */
  resourceId: string | null
  createdAt: string
}
