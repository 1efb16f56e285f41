import { snakeCase } from '@invoicing/core'
import { literalMaker } from './object-literal'

/**
 * Copies between a record's camelCase fields and a row's snake_case columns by a table made
 * once per record type. A field stored under another name is given as `[field, column]`.
 * Both make their object as one object literal (see literalMaker); fields that are not stored
 * as they are (flags, JSON, nested parts, the search columns) are given as `derived`.
 */
export function columnsOf<TRecord extends object>(fields: readonly ((keyof TRecord & string) | readonly [keyof TRecord & string, string])[]) {
  const pairs = fields.map((field) => typeof field === 'string' ? [field, snakeCase(field)] as const : field)
  const recordOf = literalMaker(pairs)
  const rowOf = literalMaker(pairs.map(([field, column]) => [column, field]))
  return {
    toRow: (record: TRecord, derived?: Record<string, unknown>): Record<string, unknown> => rowOf(record, derived),
    fromRow: (row: object, derived?: Partial<TRecord>): TRecord => recordOf(row, derived) as TRecord,
  }
}
