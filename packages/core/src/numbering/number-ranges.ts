import type { CalendarDate } from '../shared/calendar-date'
import type { SequenceAllocator } from '../ports/storage'
import { formatNumber } from './number-format'

/** The documents and records that take their numbers from a company's number ranges. */
export const NUMBER_RANGE_TYPES = ['INVOICE', 'CREDIT_NOTE', 'PROFORMA', 'CUSTOMER', 'QUOTE', 'ORDER_CONFIRMATION', 'DELIVERY_NOTE', 'ORDER'] as const
export type NumberRangeType = (typeof NUMBER_RANGE_TYPES)[number]

export interface NumberRange {
  /** e.g. `RE-{YYYY}-{SEQ:5}` (see number-format.ts). */
  format: string
  /** Start again at 1 each calendar year (the format must then contain the year). */
  resetYearly: boolean
}

export type NumberRanges = Record<NumberRangeType, NumberRange>

export const DEFAULT_NUMBER_RANGES: NumberRanges = {
  INVOICE: { format: 'RE-{YYYY}-{SEQ:5}', resetYearly: true },
  CREDIT_NOTE: { format: 'GS-{YYYY}-{SEQ:5}', resetYearly: true },
  PROFORMA: { format: 'PF-{YYYY}-{SEQ:5}', resetYearly: true },
  CUSTOMER: { format: 'KD-{SEQ:5}', resetYearly: false },
  QUOTE: { format: 'AN-{YYYY}-{SEQ:5}', resetYearly: true },
  ORDER_CONFIRMATION: { format: 'AB-{YYYY}-{SEQ:5}', resetYearly: true },
  DELIVERY_NOTE: { format: 'LS-{YYYY}-{SEQ:5}', resetYearly: true },
  ORDER: { format: 'AU-{YYYY}-{SEQ:5}', resetYearly: true },
}

/** The storage sequence behind a range: one per type, or per type and year when it resets. */
export const sequenceKeyOf = (type: NumberRangeType, range: NumberRange, date: CalendarDate): string =>
  range.resetYearly ? `${type}:${date.slice(0, 4)}` : type

/**
 * Takes the next number of a range for a record dated `date`. It MUST run inside the
 * transaction that stores the numbered record, so a rollback returns the number and no gap
 * appears.
 */
export async function takeNumber(
  sequences: SequenceAllocator,
  companyId: string,
  ranges: NumberRanges,
  type: NumberRangeType,
  date: CalendarDate,
): Promise<string> {
  const range = ranges[type]
  const value = await sequences.takeNextNumber(companyId, sequenceKeyOf(type, range, date))
  return formatNumber(range.format, value, date)
}
