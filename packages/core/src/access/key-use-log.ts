import type { Storage } from '../ports/storage'
import { retryingTransaction } from '../unit-of-work'

/**
 * When each API key was last used. Requests only note the time in memory; the latest time per
 * key is written every `flushIntervalMs` in one transaction, so a request never waits for a
 * write. A crash loses at most one interval, and the stored time only ever moves forward.
 */
export function createKeyUseLog(storage: Storage, flushIntervalMs: number) {
  const pending = new Map<string, string>()
  let timer: ReturnType<typeof setInterval> | undefined
  let flushing: Promise<void> = Promise.resolve()

  async function writePending(): Promise<void> {
    if (pending.size === 0) return
    const due = [...pending]
    pending.clear()
    try {
      await retryingTransaction(storage, async (tx) => {
        for (const [keyId, at] of due) await tx.apiKeys.recordUse(keyId, at)
      })
    } catch (error) {
      // Kept for the next flush, unless a later use was noted meanwhile.
      for (const [keyId, at] of due) if ((pending.get(keyId) ?? '') < at) pending.set(keyId, at)
      throw error
    }
  }

  function flush(): Promise<void> {
    flushing = flushing.then(writePending, writePending)
    return flushing
  }

  return {
    /** Notes a use of the key at `at` (ISO 8601 UTC). Synchronous: it runs on every request. */
    record(keyId: string, at: string): void {
      if ((pending.get(keyId) ?? '') < at) pending.set(keyId, at)
      if (!timer) {
        timer = setInterval(() => {
          flush().catch(() => { /* kept pending; the next interval tries again */ })
        }, flushIntervalMs)
        timer.unref()
      }
    },

    /** The latest use noted here and not yet written, if any. */
    pendingUseOf: (keyId: string): string | undefined => pending.get(keyId),

    flush,

    /** Stops the timer and writes what is pending. */
    async close(): Promise<void> {
      if (timer) clearInterval(timer)
      timer = undefined
      await flush()
    },
  }
}
