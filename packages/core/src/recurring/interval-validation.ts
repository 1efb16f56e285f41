import type { IntervalUnit } from './recurrence-rule'

/** The largest `intervalCount` per unit: up to a year of days or weeks, three years of months, ten years. */
export const MAX_INTERVAL_COUNT: Readonly<Record<IntervalUnit, number>> = { DAY: 365, WEEK: 365, MONTH: 36, YEAR: 10 }

/** A field of the rule that does not fit the others, and why. */
export interface IntervalProblem {
  field: 'intervalCount' | 'monthEnd'
  message: string
}

/**
 * The first problem of a rule's interval fields, or null when they fit together. A function of
 * the whole rule rather than a field schema, because on update the fields combine the stored
 * schedule with the request: a PUT of `intervalUnit: YEAR` alone can make a stored count of 12
 * invalid.
 */
export function intervalProblem({ intervalUnit, intervalCount, monthEnd }: { intervalUnit: IntervalUnit; intervalCount: number; monthEnd: boolean }): IntervalProblem | null {
  const max = MAX_INTERVAL_COUNT[intervalUnit]
  if (!Number.isInteger(intervalCount) || intervalCount < 1 || intervalCount > max) {
    return { field: 'intervalCount', message: `intervalCount must be an integer from 1 to ${max} for intervalUnit ${intervalUnit}` }
  }
  if (monthEnd && (intervalUnit === 'DAY' || intervalUnit === 'WEEK')) {
    return { field: 'monthEnd', message: `monthEnd applies to intervalUnit MONTH or YEAR only, not ${intervalUnit}` }
  }
  return null
}
