/** Where a key stands in its current rate-limit window (the `RateLimit-*` headers). */
export interface RateLimitStatus {
  limit: number
  remaining: number
  /** Whole seconds until the window resets. */
  resetSeconds: number
}

const WINDOW_MS = 60_000

/**
 * Fixed one-minute windows per key, counted in this process's memory: cheap enough for every
 * request. Several host processes on one database each allow the full rate.
 */
export function createRateLimiter(requestsPerMinute: number) {
  const windows = new Map<string, { window: number; count: number }>()

  return {
    /** Counts one request of `keyId` at `now` (ms); `allowed` is false once the window's limit is passed. */
    hit(keyId: string, now: number): RateLimitStatus & { allowed: boolean } {
      const window = Math.floor(now / WINDOW_MS)
      let entry = windows.get(keyId)
      if (!entry || entry.window !== window) {
        if (windows.size > 10_000) for (const [id, old] of windows) if (old.window !== window) windows.delete(id)
        entry = { window, count: 0 }
        windows.set(keyId, entry)
      }
      entry.count += 1
      return {
        allowed: entry.count <= requestsPerMinute,
        limit: requestsPerMinute,
        remaining: Math.max(0, requestsPerMinute - entry.count),
        resetSeconds: Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000)),
      }
    },
  }
}
