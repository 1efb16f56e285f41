import Decimal from 'decimal.js'
import * as v from 'valibot'
import { isCountryCode } from './country-codes'
import { isCalendarDate } from './calendar-date'

/**
 * Field schemas shared by the input schemas of every resource, so a date, an amount or a
 * country means the same everywhere and reads the same in the OpenAPI document.
 */

/**
 * A string of at most `max` characters as sent, the first step of every free-text query value
 * and coded field, so each documents its maximum and a longer one is 400 naming the field.
 */
export const boundedString = (max: number) => v.pipe(v.string(), v.maxLength(max, `must be at most ${max} characters`))

/**
 * The longest `search` of a list. A search box rarely sends more than a few words, but pasted
 * text is answered (nothing matches) rather than refused.
 */
export const SEARCH_MAX_LENGTH = 1000

/** A list's `search` query value: a literal, case-insensitive part of the fields `searched` names. */
export const searchTerm = (searched: string) => v.optional(v.pipe(boundedString(SEARCH_MAX_LENGTH), v.description(`Case-insensitive part of ${searched}`)))

/** A non-empty trimmed string of at most `max` characters. */
export const requiredText = (max = 255) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty'), v.maxLength(max, `must be at most ${max} characters`))

/** An optional string; `null` or an empty string clears it. */
export const optionalText = (max = 255) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(max, `must be at most ${max} characters`),
        v.transform((text) => (text === '' ? null : text)),
      ),
    ),
  )

export const emailAddress = v.pipe(boundedString(254), v.trim(), v.email('must be an email address'))

const CALENDAR_DATE_MESSAGE = 'must be a real calendar date in YYYY-MM-DD form'

export const calendarDate = v.pipe(
  v.string(),
  v.maxLength(10, CALENDAR_DATE_MESSAGE),
  v.check(isCalendarDate, CALENDAR_DATE_MESSAGE),
  v.description('Calendar date, YYYY-MM-DD'),
)

export { isCountryCode }

/** ISO 3166-1 alpha-2 country code, upper-cased. */
export const countryCode = v.pipe(
  boundedString(10),
  v.description('ISO 3166-1 alpha-2 country code'),
  v.trim(),
  v.toUpperCase(),
  v.check(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code such as DE or AT'),
)

/** Whole days of a payment term. */
export const paymentTermDays = v.pipe(
  v.number(),
  v.integer('must be a whole number of days'),
  v.minValue(0, 'must not be negative'),
  v.maxValue(365, 'must be at most 365 days'),
)

export const LOCALES = ['de', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const locale = v.picklist(LOCALES)

/**
 * An exact decimal given as a JSON number or a numeric string, kept as a normalised decimal
 * string so no binary float ever enters a sum.
 */
export function decimal(options: { min?: number; max?: number; maxDecimals: number; minExclusive?: boolean; description?: string }) {
  const { min, max, maxDecimals, minExclusive } = options
  const bounds = [min !== undefined && `${minExclusive ? 'greater than' : 'at least'} ${min}`, max !== undefined && `at most ${max}`].filter(Boolean)
  const description = options.description ?? `Exact decimal (JSON number or numeric string), up to ${maxDecimals} decimal places${bounds.length ? `, ${bounds.join(' and ')}` : ''}`
  return v.pipe(
    v.union([v.number(), v.pipe(boundedString(40), v.trim(), v.regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number'))]),
    // Descriptions go before the first transform: the OpenAPI generator documents the input type.
    v.description(description),
    v.check((value) => typeof value === 'string' || Number.isFinite(value), 'must be a finite number'),
    v.transform((value) => new Decimal(value)),
    v.check((value) => value.decimalPlaces() <= maxDecimals, `must have at most ${maxDecimals} decimal places`),
    v.check(
      (value) => min === undefined || (minExclusive ? value.gt(min) : value.gte(min)),
      `must be ${minExclusive ? 'greater than' : 'at least'} ${min}`,
    ),
    v.check((value) => max === undefined || value.lte(max), `must be at most ${max}`),
    v.transform((value) => value.toFixed()),
  )
}

/** A tax rate in percent, 0 to 100, e.g. 19 or 5.5. */
export const taxRate = decimal({ min: 0, max: 100, maxDecimals: 2, description: 'Tax rate in percent, e.g. 19 or 5.5' })

const ibanRemainder = (iban: string): number => {
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55))
  let remainder = 0
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
  return remainder
}

/** IBAN with a valid ISO 13616 check sum; spaces removed, upper-cased. */
export const iban = v.pipe(
  boundedString(50),
  v.description('IBAN; spaces are ignored'),
  v.transform((text) => text.replace(/\s+/g, '').toUpperCase()),
  v.check((text) => /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(text) && ibanRemainder(text) === 1, 'must be a valid IBAN'),
)

/** BIC (ISO 9362), 8 or 11 characters. */
export const bic = v.pipe(
  boundedString(20),
  v.description('BIC of 8 or 11 characters'),
  v.transform((text) => text.replace(/\s+/g, '').toUpperCase()),
  v.regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a BIC of 8 or 11 characters'),
)

/**
 * VAT identification number as written, upper case without spaces, dots and dashes. Whether it
 * has its country's format is checked where that matters (a customer's: invalid_vat_id).
 */
export const vatIdText = v.pipe(
  boundedString(60),
  v.description('VAT identification number with country prefix, e.g. DE123456789; it must have the format of that country (VIES patterns, CHE, GB, NO)'),
  v.transform((text) => text.replace(/[\s.-]+/g, '').toUpperCase()),
  v.maxLength(20, 'must be at most 20 characters without spaces, dots and dashes'),
)

/** VAT identification number: country prefix and 2 to 13 characters, spaces removed. */
export const vatId = v.pipe(
  boundedString(30),
  v.description('VAT identification number with country prefix, e.g. DE123456789'),
  v.transform((text) => text.replace(/[\s.-]+/g, '').toUpperCase()),
  v.regex(/^[A-Z]{2}[A-Z0-9+*]{2,13}$/, 'must be a VAT identification number such as DE123456789'),
)

/** Wraps a field schema so it may be omitted, or set to null to clear it. */
export const clearable = <TSchema extends v.GenericSchema>(schema: TSchema) => v.optional(v.nullable(schema))

/** Case-insensitive enum values in a query string. */
export const upperCased = <const T extends readonly string[]>(values: T) =>
  v.pipe(boundedString(40), v.toUpperCase(), v.picklist(values))

/** An instant as ISO 8601 with a zone, stored as UTC (`…Z`). */
export const timestamp = v.pipe(
  boundedString(40),
  v.check((text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text)),
    'must be an ISO 8601 timestamp with a time zone, e.g. 2026-03-15T10:00:00Z'),
  v.transform((text) => new Date(text).toISOString()),
  v.description('ISO 8601 timestamp'),
)
