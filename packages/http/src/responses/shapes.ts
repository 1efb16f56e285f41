import { EVENT_TYPES, INVOICE_STATUSES, paginationOf, snakeCase, type Page } from '@invoicing/core'
import { JsonList } from './json-list'
import * as v from 'valibot'

/** A legacy response: its schema (for the OpenAPI document) and its shape, from one list of fields. */
export interface LegacyResponse<TEntries extends v.ObjectEntries> {
  schema: v.StrictObjectSchema<v.ObjectEntries, undefined>
  shape(fields: { readonly [K in keyof TEntries]?: unknown }): Record<string, unknown>
}

/**
 * The legacy resources (customers, payments, reminders, credit notes) answer in snake_case with
 * camelCase aliases: every multi-word field appears in both spellings. One list
 * of documented fields gives the schema and the shape, so an answer carries exactly what is
 * documented. The shape reads only those fields: it never copies or walks the record itself,
 * so nothing the record holds beyond them reaches an answer.
 */
export function legacyResponse<TEntries extends v.ObjectEntries>(entries: TEntries): LegacyResponse<TEntries> {
  const names = Object.keys(entries).map((name) => [name as keyof TEntries & string, snakeCase(name)] as const)
  const both: v.ObjectEntries = {}
  for (const [name, snake] of names) {
    both[snake] = entries[name]!
    both[name] = entries[name]!
  }
  return {
    schema: v.strictObject(both),
    shape(fields) {
      const shaped: Record<string, unknown> = {}
      for (const [name, snake] of names) {
        const value = fields[name]
        shaped[snake] = value
        shaped[name] = value
      }
      return shaped
    },
  }
}

/** Exact decimals travel as JSON numbers, as the contract types them. */
export const money = (decimal: string): number => Number(decimal)
export const moneyOrNull = (decimal: string | null): number | null => (decimal === null ? null : Number(decimal))

export const data = (value: unknown) => ({ data: value })

/** A page as `{ data, pagination }`, written item by item (see JsonList). */
export const listOf = <T>(page: Page<T>, map: (item: T) => unknown, pagination: unknown = paginationOf(page)) =>
  new JsonList(page.items, map, pagination)

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
  parameters: v.optional(v.pipe(v.array(v.string()), v.description('The query parameters the operation does not know (unknown_parameter)'))),
  retryAfterSeconds: v.optional(v.pipe(v.number(), v.description('Seconds to wait before retrying, as in Retry-After (busy, database_unavailable)'))),
  maxDepth: v.optional(v.pipe(v.number(), v.description('The deepest nesting a body may have (body_too_complex)'))),
  maxArrayItems: v.optional(v.pipe(v.number(), v.description('The most items an array in a body may hold (body_too_complex)'))),
  problems: v.optional(v.pipe(v.array(v.object({
    code: v.pipe(v.string(), v.description('e.g. account_missing, iban_invalid')),
    message: v.string(),
    documentId: v.optional(v.string()),
    documentNumber: v.optional(v.string()),
    field: v.optional(v.string()),
  })), v.description('Every problem of the export request, not only the first (export_invalid)'))),
  omittedProblems: v.optional(v.pipe(v.number(), v.description('Problems beyond the first 1,000, counted but not listed (export_invalid)'))),
  invoiceIds: v.optional(v.pipe(v.array(v.string()), v.description('The invoices at fault (duplicate_invoice, already_collected)'))),
  earliestCollectionDate: v.optional(v.pipe(v.string(), v.description('The first collection date a SEPA export takes today (invalid_collection_date)'))),
})

export const SuccessSchema = v.strictObject({ success: v.literal(true) })

/** Invoice statuses as the payment and send answers spell them (lower case). */
export const LOWERCASE_INVOICE_STATUSES = INVOICE_STATUSES.map((status) => status.toLowerCase())

/** What a webhook endpoint may subscribe to: every event type, or `*` for all. */
export const WEBHOOK_EVENTS = [...EVENT_TYPES, '*'] as const
