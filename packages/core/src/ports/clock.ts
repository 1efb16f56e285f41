/** Tells the engine what time it is, so tests can move time (due dates, windows, quotas). */
export interface Clock {
  /** The current instant. */
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
