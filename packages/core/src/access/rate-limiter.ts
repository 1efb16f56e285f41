import { createMinuteCounts } from './minute-counts'

/** Where a key stands in its current rate-limit window (the `RateLimit-*` headers). */
export interface RateLimitStatus {
  limit: number
  remaining: number
  /** Whole seconds until the window resets. */
  resetSeconds: number
}

/** Keys followed at once; the least recently used ones are forgotten first. */
const MAX_KEYS = 100_000

/**
 * Fixed one-minute windows per key, counted in this process's memory: cheap enough for every
 * request. Several host processes on one database each allow the full rate.
 */
export function createRateLimiter(requestsPerMinute: number) {
  const requests = createMinuteCounts(MAX_KEYS)
  return {
    /** Counts one request of `keyId` at `now` (ms); `allowed` is false once the window's limit is passed. */
    hit(keyId: string, now: number): RateLimitStatus & { allowed: boolean } {
      const count = requests.add(keyId, now)
      return {
        allowed: count <= requestsPerMinute,
        limit: requestsPerMinute,
        remaining: Math.max(0, requestsPerMinute - count),
        resetSeconds: requests.secondsToReset(now),
      }
    },
  }
}
