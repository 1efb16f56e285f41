import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { JobDeadlineError, type JobDefinition } from './job'
import { startJobs } from './job-runner'

/** Waits until `condition` holds, checking every few milliseconds. */
async function until(condition: () => boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(2)
  }
}

/** A gate runs wait at until the test opens it. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

const aborted = (signal: AbortSignal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))

/** A job that counts its runs; `run` answers whether run number `n` (from 1) found work. */
function countingJob(overrides: Partial<JobDefinition> & { work?: (n: number, signal: AbortSignal) => Promise<boolean> } = {}) {
  const { work = async () => false, ...definition } = overrides
  const counts = { runs: 0, active: 0, mostActive: 0 }
  const job: JobDefinition = {
    name: 'counting',
    intervalMs: 60_000,
    deadlineMs: 5000,
    ...definition,
    async run(signal) {
      const n = ++counts.runs
      counts.active++
      counts.mostActive = Math.max(counts.mostActive, counts.active)
      try {
        return await work(n, signal)
      } finally {
        counts.active--
      }
    },
  }
  return { job, counts }
}

function errorsOf() {
  const errors: { error: unknown; job: string }[] = []
  return { errors, onError: (error: unknown, job: string) => errors.push({ error, job }) }
}

describe('the job runner', () => {
  it('runs each job at once, and again each interval after it went idle', async () => {
    const { job, counts } = countingJob({ intervalMs: 20 })
    const runner = startJobs([job], errorsOf())
    try {
      await until(() => counts.runs >= 1, 'the first run')
      await until(() => counts.runs >= 3, 'runs after the interval')
    } finally {
      await runner.stop()
    }
  })

  it('repeats a job at once while its runs find work, and waits for the interval once one finds none', async () => {
    const { job, counts } = countingJob({ work: async (n) => n <= 5 })
    const runner = startJobs([job], errorsOf())
    try {
      await until(() => counts.runs === 6 && counts.active === 0, 'six runs')
      await sleep(50)
      assert.equal(counts.runs, 6)
    } finally {
      await runner.stop()
    }
  })

  it('overlaps no more runs of a job than its concurrency, and fills it while there is work', async () => {
    const slowly = (runsWithWork: number) => async (n: number) => {
      await sleep(5)
      return n <= runsWithWork
    }
    const wide = countingJob({ name: 'wide', concurrency: 3, work: slowly(30) })
    const narrow = countingJob({ name: 'narrow', work: slowly(10) })
    const runner = startJobs([wide.job, narrow.job], errorsOf())
    try {
      for (let wakes = 0; wakes < 20; wakes++) {
        runner.wake('wide')
        runner.wake('narrow')
        await sleep(1)
      }
      await until(() => wide.counts.runs > 30 && wide.counts.active === 0 && narrow.counts.runs > 10 && narrow.counts.active === 0, 'the work done')
      assert.equal(wide.counts.mostActive, 3)
      assert.equal(narrow.counts.mostActive, 1)
    } finally {
      await runner.stop()
    }
  })

  it('runs a woken job soon, and follows a run that was going when woken by exactly one more', async () => {
    const held = gate()
    const { job, counts } = countingJob({
      work: async (n) => {
        if (n === 2) await held.opened
        return false
      },
    })
    const runner = startJobs([job], errorsOf())
    try {
      await until(() => counts.runs === 1 && counts.active === 0, 'the first run')
      runner.wake('counting')
      await until(() => counts.active === 1, 'the woken run')
      runner.wake('counting')
      runner.wake('counting')
      held.open()
      await until(() => counts.runs === 3 && counts.active === 0, 'one run after the wakes')
      await sleep(50)
      assert.equal(counts.runs, 3)
      assert.throws(() => runner.wake('unknown'), /no job is named unknown/)
    } finally {
      held.open()
      await runner.stop()
    }
  })

  it('runs a job when it says new work is there, and stops listening when stopped', async () => {
    let wake: (() => void) | undefined
    const { job, counts } = countingJob({
      wakeOn(callback) {
        wake = callback
        return () => (wake = undefined)
      },
    })
    const runner = startJobs([job], errorsOf())
    await until(() => counts.runs === 1 && counts.active === 0, 'the first run')
    wake!()
    await until(() => counts.runs === 2, 'the run for new work')
    await runner.stop()
    assert.equal(wake, undefined)
  })

  it('aborts a run at its deadline, reports it, and runs the job again though the late run never ends', async () => {
    const signals: AbortSignal[] = []
    const { job, counts } = countingJob({
      intervalMs: 10,
      deadlineMs: 30,
      work: async (n, signal) => {
        signals.push(signal)
        if (n === 1) await new Promise(() => {}) // ignores its signal and never ends
        return false
      },
    })
    const { errors, onError } = errorsOf()
    const runner = startJobs([job], { onError })
    try {
      await until(() => counts.runs >= 2, 'a run after the deadline')
      assert.equal(signals[0]!.aborted, true)
      assert.ok(signals[0]!.reason instanceof JobDeadlineError)
      assert.equal(signals[1]!.aborted, false)
      assert.equal(errors.length, 1)
      assert.ok(errors[0]!.error instanceof JobDeadlineError)
      assert.equal(errors[0]!.job, 'counting')
    } finally {
      await runner.stop()
    }
  })

  it('reports a run that fails, and tries again at the next turn', async () => {
    const failure = new Error('database is busy')
    const { job, counts } = countingJob({
      intervalMs: 10,
      work: async (n) => {
        if (n === 1) throw failure
        return false
      },
    })
    const { errors, onError } = errorsOf()
    const runner = startJobs([job], { onError })
    try {
      await until(() => counts.runs >= 2, 'the next run')
      assert.deepEqual(errors, [{ error: failure, job: 'counting' }])
    } finally {
      await runner.stop()
    }
  })

  it('stops: aborts the runs in flight, waits for them to finish, and runs nothing more', async () => {
    let cleanedUp = false
    const { job, counts } = countingJob({
      intervalMs: 5,
      work: async (_n, signal) => {
        await aborted(signal)
        await sleep(20) // e.g. a transaction that records what was done
        cleanedUp = true
        throw signal.reason
      },
    })
    const { errors, onError } = errorsOf()
    const runner = startJobs([job], { onError })
    await until(() => counts.active === 1, 'a run in flight')
    await runner.stop()
    assert.equal(cleanedUp, true)
    runner.wake('counting')
    await sleep(30)
    assert.equal(counts.runs, 1)
    assert.deepEqual(errors, [], 'a run that ends because it was stopped did not fail')
  })

  it('stops without hanging on a run that ignores its signal: it waits at most until the run’s deadline', async () => {
    const { job, counts } = countingJob({ deadlineMs: 100, work: () => new Promise(() => {}) })
    const { errors, onError } = errorsOf()
    const runner = startJobs([job], { onError })
    await until(() => counts.active === 1, 'a run in flight')
    const started = Date.now()
    await runner.stop()
    assert.ok(Date.now() - started < 2000, 'stop came back')
    assert.ok(errors[0]?.error instanceof JobDeadlineError)
  })
})
