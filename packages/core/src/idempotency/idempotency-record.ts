/** The answer a request gave: its status, JSON body and any headers beyond the usual ones. */
export interface IdempotentResponse {
  status: number
  body: unknown
  headers?: Record<string, string> | undefined
  /** The record the request created, for replays that show its current state. */
  resourceId?: string | null | undefined
}

/**
 * A caller's `Idempotency-Key` and the answer its request gave. It is stored in the
 * transaction of the request's effect, so it exists exactly when the effect does.
 */
export interface IdempotencyRecord {
  companyId: string
  key: string
  /** Hash of the request (method, path and the whole body): another request may not reuse the key. */
  fingerprint: string
  responseStatus: number
  /** A JSON value: `{ body, headers? }` of the answer. */
  responseBody: unknown
  /** The record the request created, when it created one (replays may show its current state). */
  resourceId: string | null
  createdAt: string
}
