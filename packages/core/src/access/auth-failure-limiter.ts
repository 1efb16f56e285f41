import { LRUCache } from 'lru-cache'

const WINDOW_MS = 60_000
/** Addresses followed at once; the least recently failing ones are forgotten first. */
const MAX_ADDRESSES = 100_000

/**
 * Failed authentications per client address in fixed one-minute windows, in this process's
 * memory. Once an address has used up its failures, its requests are refused before any key
 * is hashed or looked up, so a flood of guessed keys costs a map lookup each.
 */
export function createAuthFailureLimiter(failuresPerMinute: number) {
  const failures = new LRUCache<string, { window: number; count: number }>({ max: MAX_ADDRESSES })
  const windowOf = (now: number) => Math.floor(now / WINDOW_MS)

  return {
    /** Whole seconds until `address` may try again, or 0 when it may now. */
    retryAfterSeconds(address: string, now: number): number {
      const window = windowOf(now)
      const entry = failures.get(address)
      if (!entry || entry.window !== window || entry.count < failuresPerMinute) return 0
      return Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000))
    },

    /** Counts one failed authentication of `address` at `now` (ms). */
    fail(address: string, now: number): void {
      const window = windowOf(now)
      const entry = failures.get(address)
      if (entry && entry.window === window) entry.count += 1
      else failures.set(address, { window, count: 1 })
    },
  }
}
