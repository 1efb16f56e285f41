import { createMinuteCounts } from './minute-counts'

/** Addresses followed at once; the least recently failing ones are forgotten first. */
const MAX_ADDRESSES = 100_000

/**
 * Failed authentications per client address in fixed one-minute windows. Once an address has
 * used up its failures, its requests are refused before any key is hashed or looked up, so a
 * flood of guessed keys costs a map lookup each.
 */
export function createAuthFailureLimiter(failuresPerMinute: number) {
  const failures = createMinuteCounts(MAX_ADDRESSES)
  return {
    /** Whole seconds until `address` may try again, or 0 when it may now. */
    retryAfterSeconds: (address: string, now: number): number =>
      failures.countOf(address, now) < failuresPerMinute ? 0 : failures.secondsToReset(now),
    /** Counts one failed authentication of `address` at `now` (ms). */
    fail(address: string, now: number): void {
      failures.add(address, now)
    },
  }
}
