/**
 * Background work of the engine (webhook delivery; later schedules and expiries), as the
 * engine defines it and a runner such as `startJobs` runs it.
 *
 * A run does one batch of work and must be safe to repeat and to overlap with other runs, also
 * in other processes: it takes its work with a race-safe claim (`ClaimsDue`) whose lease
 * outlasts the run's deadline, so work a run could not finish is taken up again once the
 * lease ends.
 */
export interface JobDefinition {
  /** Unique among the jobs of one runner, e.g. `webhook-delivery`. */
  name: string
  /** How long the job waits after going idle before it looks for work again. */
  intervalMs: number
  /** How many runs of this job may overlap; default 1. */
  concurrency?: number
  /** How long one run may take: then its signal aborts, and the runner stops waiting for it. */
  deadlineMs: number
  /**
   * One batch of work; answers whether it found any (the runner then runs the job again at
   * once). When `signal` aborts (deadline or stop), the run should end soon and leave what it
   * did not finish to its lease.
   */
  run(signal: AbortSignal): Promise<boolean>
  /** Calls `wake` whenever new work may be there (e.g. a change committed); answers how to stop. */
  wakeOn?(wake: () => void): () => void
}

/** Reported when a run outlives its deadline; its work is left to its lease. */
export class JobDeadlineError extends Error {
  constructor(readonly job: string, readonly deadlineMs: number) {
    super(`a run of job ${job} outlived its deadline of ${deadlineMs} ms; its work is left to its lease`)
    this.name = 'JobDeadlineError'
  }
}
