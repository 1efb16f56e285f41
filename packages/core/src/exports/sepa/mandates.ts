import type { Customer } from '../../customers'
import { addMonths, type CalendarDate } from '../../shared/calendar-date'

export type SequenceType = 'FRST' | 'RCUR' | 'OOFF'

/** A mandate not used for this long has expired (EPC rulebook). */
export const MANDATE_VALIDITY_MONTHS = 36

/** Whether the mandate was used (or, never used, signed) within the 36 months before `collectionDate`. */
export function mandateExpired(customer: Pick<Customer, 'sepaMandateDate' | 'sepaMandateLastUsedAt'>, collectionDate: CalendarDate): boolean {
  const since = customer.sepaMandateLastUsedAt ?? customer.sepaMandateDate
  return since !== null && addMonths(since, MANDATE_VALIDITY_MONTHS) < collectionDate
}

/** ONE_OFF → OOFF; RECURRING → RCUR, or FRST for a mandate never used when the company asks for FRST. */
export function sequenceTypeOf(customer: Pick<Customer, 'sepaMandateSequence' | 'sepaMandateLastUsedAt'>, useFirstSequenceType: boolean): SequenceType {
  if (customer.sepaMandateSequence === 'ONE_OFF') return 'OOFF'
  return useFirstSequenceType && customer.sepaMandateLastUsedAt === null ? 'FRST' : 'RCUR'
}

