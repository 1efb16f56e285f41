import { JobDeadlineError, type JobDefinition } from './job'

export interface JobRunnerOptions {
  /** Told what a run threw, or a {@link JobDeadlineError}; the job runs again at its next turn. */
  onError(error: unknown, job: string): void
}

export interface JobRunner {
  /** Runs the job soon; a run already going is followed by one more. */
  wake(name: string): void
  /** Stops scheduling, aborts the runs in flight and waits for them, each at most until its deadline. */
  stop(): Promise<void>
}

interface JobState {
  job: JobDefinition
  concurrency: number
  running: number
  /** Runs asked for and not yet started (at most `concurrency`). */
  wanted: number
  timer?: ReturnType<typeof setTimeout>
  unsubscribe?: () => void
}

/** A run in flight: `ended` resolves when it settles or its deadline passes, whichever comes first. */
interface Flight {
  controller: AbortController
  ended: Promise<void>
}

/**
 * Runs `jobs` in this process: each at once, then whenever it is woken and `intervalMs` after it
 * went idle. A run that found work is followed at once by more (as many as the job's concurrency
 * allows) until one finds none.
 */
export function startJobs(jobs: readonly JobDefinition[], { onError }: JobRunnerOptions): JobRunner {
  let stopped = false
  const inFlight = new Set<Flight>()
  const states = new Map<string, JobState>()
  for (const job of jobs) {
    if (states.has(job.name)) throw new Error(`two jobs are named ${job.name}`)
    states.set(job.name, { job, concurrency: Math.max(1, job.concurrency ?? 1), running: 0, wanted: 0 })
  }

  /** Wants at least `runs` runs (at most the concurrency), starts what free slots allow, and when idle looks again later. */
  function schedule(state: JobState, runs: number): void {
    if (stopped) return
    state.wanted = Math.min(state.concurrency, Math.max(state.wanted, runs))
    while (state.wanted > 0 && state.running < state.concurrency) {
      state.wanted--
      start(state)
    }
    clearTimeout(state.timer)
    if (state.running > 0) return
    // Retries come due and other processes leave work behind: an idle job looks again later.
    state.timer = setTimeout(() => schedule(state, 1), state.job.intervalMs)
    state.timer.unref?.()
  }

  function start(state: JobState): void {
    const { name, deadlineMs } = state.job
    const controller = new AbortController()
    let ended!: () => void
    const flight: Flight = { controller, ended: new Promise((resolve) => (ended = resolve)) }
    let over = false
    const end = (foundWork: boolean) => {
      if (over) return
      over = true
      clearTimeout(deadline)
      inFlight.delete(flight)
      state.running--
      ended()
      schedule(state, foundWork ? state.concurrency : 0)
    }
    // Not unref'd: a run in flight keeps the process alive, but never past its deadline.
    const deadline = setTimeout(() => {
      if (over) return
      const error = new JobDeadlineError(name, deadlineMs)
      controller.abort(error)
      onError(error, name)
      end(false)
    }, deadlineMs)
    state.running++
    inFlight.add(flight)
    Promise.resolve().then(() => state.job.run(controller.signal)).then(end, (error: unknown) => {
      // A run that ends by throwing after stop aborted it is no failure.
      if (!over && !(stopped && controller.signal.aborted)) onError(error, name)
      end(false)
    })
  }

  for (const state of states.values()) {
    state.unsubscribe = state.job.wakeOn?.(() => schedule(state, 1))
    schedule(state, 1)
  }

  return {
    wake(name) {
      const state = states.get(name)
      if (!state) throw new Error(`no job is named ${name}`)
      schedule(state, 1)
    },
    async stop() {
      stopped = true
      for (const state of states.values()) {
        clearTimeout(state.timer)
        state.unsubscribe?.()
      }
      for (const { controller } of inFlight) controller.abort(new Error('the job runner is stopping'))
      await Promise.all([...inFlight].map((flight) => flight.ended))
    },
  }
}
