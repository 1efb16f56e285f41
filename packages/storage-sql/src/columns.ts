import { snakeCase } from '@invoicing/core'

/**
 * Copies between a record's camelCase fields and a row's snake_case columns by a table made
 * once per record type: a handful of property copies per row, no name conversion per call.
 * A field stored under another name is given as `[field, column]`.
 */
export function columnsOf<TRecord extends object>(fields: readonly ((keyof TRecord & string) | readonly [keyof TRecord & string, string])[]) {
  const pairs = fields.map((field) => typeof field === 'string' ? [field, snakeCase(field)] as const : field)
  return {
    toRow(record: TRecord): Record<string, unknown> {
      const row: Record<string, unknown> = {}
      for (const [field, column] of pairs) row[column] = record[field]
      return row
    },
    fromRow(row: object): TRecord {
      const record: Record<string, unknown> = {}
      for (const [field, column] of pairs) record[field] = (row as Record<string, unknown>)[column]
      return record as TRecord
    },
  }
}
