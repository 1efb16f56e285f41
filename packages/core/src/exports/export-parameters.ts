import * as v from 'valibot'
import { InvoicingError } from '../errors'
import { boundedString, calendarDate } from '../shared/fields'
import { daysBetween, type CalendarDate } from '../shared/calendar-date'
import { MAX_EXPORT_PERIOD_DAYS } from './export'

/** Case-insensitive values of a lower-case enum. */
export const lowerCased = <const T extends readonly string[]>(values: T) =>
  v.pipe(boundedString(40), v.toLowerCase(), v.picklist(values))

/** What every export request may carry beside its type's own parameters. */
export const commonExportEntries = {
  from: v.optional(v.pipe(calendarDate, v.description('First day of the period'))),
  to: v.optional(v.pipe(calendarDate, v.description('Last day of the period; at most 731 days after from, both included'))),
  onlyNotExported: v.optional(v.pipe(v.boolean(), v.description('Leave out documents contained in a non-voided export of the same type; default false'))),
}

/** The parameters every type keeps after its defaults. */
export interface CommonExportParameters {
  from?: CalendarDate | undefined
  to?: CalendarDate | undefined
  onlyNotExported: boolean
}

export interface ExportPeriod {
  from: CalendarDate
  to: CalendarDate
}

/** The period both given, `to` not before `from`, at most 731 days with both ends: else 400. */
export function checkedPeriod(from: CalendarDate | undefined, to: CalendarDate | undefined): ExportPeriod {
  if (from === undefined || to === undefined) {
    const field = from === undefined ? 'from' : 'to'
    throw new InvoicingError('validation_failed', `${field}: is required`, { field })
  }
  const days = daysBetween(from, to) + 1
  if (days < 1) throw new InvoicingError('validation_failed', 'to: must not be before from', { field: 'to' })
  if (days > MAX_EXPORT_PERIOD_DAYS) {
    throw new InvoicingError('period_too_long', `The period covers ${days} days; an export covers at most ${MAX_EXPORT_PERIOD_DAYS}`, { maxDays: MAX_EXPORT_PERIOD_DAYS })
  }
  return { from, to }
}
