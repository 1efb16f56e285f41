import { paginationOf, snakeCase, type Page } from '@invoicing/core'
import * as v from 'valibot'

/**
 * The legacy resources (customers, payments, reminders, credit notes) answer in snake_case with
 * camelCase aliases (decisions §4): every multi-word field appears in both spellings. This is
 * the shaper of one such response: each field of `entries` in both spellings, and nothing else.
 * Built from the documented fields, it never copies or walks the record itself (a wide record
 * is a slow hash-table object in V8, and every read answers one).
 */
export function legacyShaper<TEntries extends v.ObjectEntries>(entries: TEntries): (fields: { readonly [K in keyof TEntries]?: unknown }) => Record<string, unknown> {
  const names = Object.keys(entries).map((name) => [name as keyof TEntries & string, snakeCase(name)] as const)
  return (fields) => {
    const shaped: Record<string, unknown> = {}
    for (const [name, snake] of names) {
      const value = fields[name]
      shaped[snake] = value
      shaped[name] = value
    }
    return shaped
  }
}

/** The response schema of {@link legacyShaper}: both spellings of every field. */
export function legacySchema(entries: v.ObjectEntries) {
  const both: v.ObjectEntries = {}
  for (const [name, schema] of Object.entries(entries)) {
    both[snakeCase(name)] = schema
    both[name] = schema
  }
  return v.strictObject(both)
}

/** Exact decimals travel as JSON numbers, as the contract types them. */
export const money = (decimal: string): number => Number(decimal)
export const moneyOrNull = (decimal: string | null): number | null => (decimal === null ? null : Number(decimal))

export const data = (value: unknown) => ({ data: value })

export const listOf = <T>(page: Page<T>, map: (item: T) => unknown) => ({
  data: page.items.map(map),
  pagination: paginationOf(page),
})

export const nullableString = v.nullable(v.string())
export const nullableNumber = v.nullable(v.number())
export const timestamp = v.pipe(v.string(), v.isoTimestamp(), v.description('ISO 8601 timestamp'))
export const calendarDate = v.pipe(v.string(), v.description('Calendar date, YYYY-MM-DD'))

export const PaginationSchema = v.strictObject({
  total: v.number(),
  limit: v.number(),
  offset: v.number(),
  hasMore: v.boolean(),
})

export const dataSchema = <T extends v.GenericSchema>(schema: T) => v.strictObject({ data: schema })
export const listSchema = <T extends v.GenericSchema>(schema: T) => v.strictObject({ data: v.array(schema), pagination: PaginationSchema })

export const ErrorSchema = v.object({
  error: v.pipe(v.string(), v.description('What went wrong, for people')),
  code: v.pipe(v.string(), v.description('Stable machine-readable code, e.g. validation_failed, plan_no_access')),
  field: v.optional(v.pipe(v.string(), v.description('The input field at fault (validation_failed)'))),
  allowedValues: v.optional(v.array(v.string())),
  requiredScopes: v.optional(v.array(v.string())),
  allowedTransitions: v.optional(v.pipe(v.array(v.string()), v.description('The statuses the document may change to (invalid_status_transition)'))),
  lockedFields: v.optional(v.pipe(v.array(v.string()), v.description('The fields that cannot change on a locked document (content_locked)'))),
  correctionEndpoint: v.optional(v.pipe(v.string(), v.description('Where a locked document is corrected instead (content_locked)'))),
  lineIndex: v.optional(v.pipe(v.number(), v.description('Position of the faulty line in the request\'s lines, from 0'))),
  invoiceNumber: v.optional(v.pipe(v.string(), v.description('The issued number (invoice_number_issued)'))),
  issues: v.optional(v.array(v.object({ field: v.optional(v.string()), message: v.string() }))),
})

export const SuccessSchema = v.strictObject({ success: v.literal(true) })
