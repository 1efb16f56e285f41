import { LRUCache } from 'lru-cache'

const WINDOW_MS = 60_000

/**
 * Counts per id in fixed one-minute windows, in this process's memory (several host processes
 * each count their own). At most `maxIds` ids are followed; the least recently counted go first.
 */
export function createMinuteCounts(maxIds: number) {
  const counts = new LRUCache<string, { window: number; count: number }>({ max: maxIds })
  const windowOf = (now: number) => Math.floor(now / WINDOW_MS)

  return {
    /** How often `id` was counted in the window of `now` (ms). */
    countOf(id: string, now: number): number {
      const entry = counts.get(id)
      return entry && entry.window === windowOf(now) ? entry.count : 0
    },
    /** Counts `id` once at `now` (ms); answers its count in this window. */
    add(id: string, now: number): number {
      const window = windowOf(now)
      const entry = counts.get(id)
      if (entry && entry.window === window) return ++entry.count
      counts.set(id, { window, count: 1 })
      return 1
    },
    /** Whole seconds (at least 1) until the window of `now` ends. */
    secondsToReset: (now: number): number => Math.max(1, Math.ceil(((windowOf(now) + 1) * WINDOW_MS - now) / 1000)),
  }
}
