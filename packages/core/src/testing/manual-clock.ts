import type { Clock } from '../ports/clock'

/** A clock that stands still until a test moves it. */
export function createManualClock(start: Date | string = '2026-03-15T10:00:00.000Z') {
  let now = new Date(start).getTime()
  return {
    now: () => new Date(now),
    set(instant: Date | string) {
      now = new Date(instant).getTime()
    },
    advance(ms: number) {
      now += ms
    },
  } satisfies Clock & Record<string, unknown>
}

export type ManualClock = ReturnType<typeof createManualClock>
