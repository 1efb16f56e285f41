import type { Storage } from '../ports/storage'
import { retryingTransaction } from '../unit-of-work'

interface Counter {
  companyId: string
  month: string
  /** The stored total as last read or written by this process (includes other processes). */
  stored: number
  /** Calls counted here and not yet written. */
  pending: number
  /** Calls being written right now: still counted until the write says the new total. */
  writing: number
}

/**
 * Counts API calls per company and month. Counting is in memory; the counts are added to
 * storage in one transaction every `flushIntervalMs`, so a request never waits for a disk
 * write and a crash loses at most one interval of counts. Each flush reads back the stored
 * total, so processes sharing a database see each other's calls within about one interval.
 */
export function createUsageMeter(storage: Storage, flushIntervalMs: number) {
  const counters = new Map<string, Counter>()
  const loading = new Map<string, Promise<Counter>>()
  let timer: ReturnType<typeof setInterval> | undefined
  let flushing: Promise<void> = Promise.resolve()

  const counted = (counter: Counter) => counter.stored + counter.writing + counter.pending

  async function counterFor(companyId: string, month: string): Promise<Counter> {
    const id = `${companyId}/${month}`
    const known = counters.get(id)
    if (known) return known
    let load = loading.get(id)
    if (!load) {
      load = storage.usage.get(companyId, month)
        .then(({ apiCalls }) => {
          const counter = { companyId, month, stored: apiCalls, pending: 0, writing: 0 }
          counters.set(id, counter)
          return counter
        })
        // A failed load is not kept: the next request tries again.
        .finally(() => loading.delete(id))
      loading.set(id, load)
    }
    return load
  }

  /** Drops counters with nothing to write whose month is over: a new month has begun for them. */
  function forgetPastMonths(written: Counter[]) {
    const latest = new Map<string, string>()
    for (const counter of counters.values()) {
      if ((latest.get(counter.companyId) ?? '') < counter.month) latest.set(counter.companyId, counter.month)
    }
    for (const counter of written) {
      if (counter.pending === 0 && counter.month < latest.get(counter.companyId)!) counters.delete(`${counter.companyId}/${counter.month}`)
    }
  }

  async function writePending(): Promise<void> {
    const due = [...counters.values()].filter((counter) => counter.pending > 0)
    if (due.length === 0) return
    const deltas = due.map((counter) => counter.pending)
    due.forEach((counter, index) => {
      counter.pending = 0
      counter.writing = deltas[index]!
    })
    try {
      const totals = await retryingTransaction(storage, async (tx) =>
        Promise.all(due.map((counter, index) => tx.usage.addApiCalls(counter.companyId, counter.month, deltas[index]!))))
      due.forEach((counter, index) => { counter.stored = totals[index]! })
    } catch (error) {
      due.forEach((counter, index) => { counter.pending += deltas[index]! })
      throw error
    } finally {
      for (const counter of due) counter.writing = 0
    }
    forgetPastMonths(due)
  }

  function flush(): Promise<void> {
    // One flush at a time, so two never add the same pending calls.
    flushing = flushing.then(writePending, writePending)
    return flushing
  }

  function startTimer() {
    if (timer) return
    timer = setInterval(() => {
      flush().catch(() => { /* kept pending; the next interval tries again */ })
    }, flushIntervalMs)
    timer.unref()
  }

  function count(counter: Counter, quota: number | null): boolean {
    if (quota !== null && counted(counter) >= quota) return false
    counter.pending += 1
    startTimer()
    return true
  }

  return {
    /**
     * Counts one call unless `quota` calls are already used this month; says whether it counted.
     * Synchronous once the month's counter is loaded: this runs on every API request.
     */
    admit(companyId: string, month: string, quota: number | null): boolean | Promise<boolean> {
      const counter = counters.get(`${companyId}/${month}`)
      return counter ? count(counter, quota) : counterFor(companyId, month).then((loaded) => count(loaded, quota))
    },

    /** Calls used in `month`, including those not yet written. */
    async used(companyId: string, month: string): Promise<number> {
      return counted(await counterFor(companyId, month))
    },

    flush,

    /** Stops the timer and writes what is pending. */
    async close(): Promise<void> {
      if (timer) clearInterval(timer)
      timer = undefined
      await flush()
    },
  }
}

export type UsageMeter = ReturnType<typeof createUsageMeter>
