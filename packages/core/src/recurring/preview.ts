import type { CalendarDate } from '../shared/calendar-date'
import type { ServicePeriodMode } from './recurrence-rule'
import { remainingOccurrences, type OccurrenceProgress, type Recurrence } from './remaining-occurrences'
import { servicePeriodOf } from './service-period'

/** One line of a schedule's preview: what occurrence k would create. */
export interface PreviewedOccurrence {
  /** k + 1, as on the occurrence resource. */
  sequence: number
  occurrenceDate: CalendarDate
  periodStart: CalendarDate | null
  periodEnd: CalendarDate | null
}

/**
 * The next `count` occurrences the schedule would process, with their service periods; fewer
 * when the end comes first. An active schedule previews from its next open date (`from`
 * omitted); a paused one passes `from` = today, previewing the dates it would run if resumed
 * today (the dates before count toward `maxOccurrences`, as resuming records them as skipped).
 */
export function preview(
  recurrence: Recurrence & { servicePeriodMode: ServicePeriodMode },
  progress: OccurrenceProgress,
  { count, from }: { count: number; from?: CalendarDate },
): PreviewedOccurrence[] {
  const lines: PreviewedOccurrence[] = []
  if (count <= 0) return lines
  for (const { index, date } of remainingOccurrences(recurrence, progress, from)) {
    const period = servicePeriodOf(recurrence, index, recurrence.servicePeriodMode)
    lines.push({ sequence: index + 1, occurrenceDate: date, periodStart: period?.periodStart ?? null, periodEnd: period?.periodEnd ?? null })
    if (lines.length >= count) break
  }
  return lines
}
