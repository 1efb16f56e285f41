import Decimal from 'decimal.js'

/**
 * decimal.js with room for any invoice amount (the default 20 significant digits would round
 * a large quantity × price silently). ROUND_HALF_UP rounds .5 away from zero, so rounding is
 * symmetric: round2(-x) = -round2(x), which keeps credit notes exact negatives of invoices.
 */
export const Exact = Decimal.clone({ precision: 1000, rounding: Decimal.ROUND_HALF_UP })

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/

/** True for a plain decimal such as `12`, `-0.5` or `19.00` (no exponent, no `+`). */
export const isDecimalText = (value: string): boolean => DECIMAL_TEXT.test(value)

/** The exact sum of decimals or decimal strings; 0 for none. */
export const sum = (values: readonly Decimal.Value[]): Decimal => values.reduce<Decimal>((total, value) => total.plus(value), new Exact(0))

/** Rounded half-up to cents. */
export const round2 = (value: Decimal): Decimal => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)

/** A money amount with exactly two decimals: `12.30`, `-5.00`, `0.00`. */
export const formatMoney = (value: Decimal): string => round2(value).toFixed(2)

/** A rate without trailing zeros: `19`, `5.5`, `0`. */
export const formatRate = (value: Decimal): string => value.toFixed()

/** True when two decimal strings are the same number (`7` and `7.00`). */
export const sameNumber = (a: string, b: string): boolean => new Exact(a).eq(b)
