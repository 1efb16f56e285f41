import { Exact, formatMoney } from '../../tax'
import type { CalendarDate } from '../../shared/calendar-date'

/*
 * How BMD's variable import reads a value: amounts and rates with a decimal comma, two
 * decimals, no thousands separator and the minus sign in front; dates `DD.MM.YYYY`; texts on
 * one line.
 */

/** `1234,56`, `-12,00`, `0,00` (exact: never through a float; zero has no sign). */
export const bmdNumber = (value: string): string => formatMoney(new Exact(value)).replace('.', ',')

/** The same amount with the other sign: `steuer` is booked opposite to `betrag`. */
export const bmdNegated = (value: string): string => bmdNumber(new Exact(value).negated().toFixed())

/** `DD.MM.YYYY` of `YYYY-MM-DD`. */
export const bmdDate = (date: CalendarDate): string => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`

/** A text on one line: each line break (CRLF, CR or LF) becomes a space, as a line break would end the record. */
export const oneLine = (text: string): string => text.replace(/\r\n|\r|\n/g, ' ')

/** `RE-2026-00012` → `202600012`: BMD's Belegnummer is numeric. */
export const digitsOf = (number: string): string => number.replace(/\D/g, '')
