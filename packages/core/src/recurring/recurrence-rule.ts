import type { CalendarDate } from '../shared/calendar-date'

export const INTERVAL_UNITS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const
export type IntervalUnit = (typeof INTERVAL_UNITS)[number]

export const SERVICE_PERIOD_MODES = ['NONE', 'CURRENT_PERIOD', 'PREVIOUS_PERIOD'] as const
export type ServicePeriodMode = (typeof SERVICE_PERIOD_MODES)[number]

/** When a schedule's occurrences fall: `startDate` and every `intervalCount` × `intervalUnit` after it. */
export interface RecurrenceRule {
  startDate: CalendarDate
  intervalUnit: IntervalUnit
  intervalCount: number
  /** MONTH and YEAR only: every occurrence on the last day of its month. */
  monthEnd: boolean
}

/** Where a schedule stops: no occurrence after `endDate`, at most `maxOccurrences` in all. Null = no limit. */
export interface RecurrenceEnd {
  endDate: CalendarDate | null
  maxOccurrences: number | null
}

/** One occurrence of a rule: its index k (0 for `startDate`) and its date d(k). */
export interface Occurrence {
  index: number
  date: CalendarDate
}
