import * as v from 'valibot'
import { parseInput, aliased } from '../shared/validation'
import { boundedString, upperCased } from '../shared/fields'
import { CSV_CONTENT_TYPE, CSV_DIALECTS, CSV_ENTITIES, writeCsvExport, type CsvExportParameters } from './csv'
import { checkedPeriod, commonExportEntries, lowerCased, type CommonExportParameters } from './export-parameters'
import type { ExportedRecords, ExportPolicy } from './export-policy'

const CSV_INVOICE_TYPES = ['INVOICE', 'CREDIT_NOTE', 'PROFORMA'] as const
type CsvEntity = (typeof CSV_ENTITIES)[number]

/** POST /exports/csv. */
export const CsvExportSchema = aliased(v.object({
  entity: v.pipe(lowerCased(CSV_ENTITIES), v.description(`What one row is: ${CSV_ENTITIES.join(', ')} (case-insensitive)`)),
  ...commonExportEntries,
  invoiceTypes: v.optional(v.pipe(
    v.array(upperCased(CSV_INVOICE_TYPES)), v.maxLength(CSV_INVOICE_TYPES.length), v.minLength(1, 'must name at least one type'),
    v.description('invoices and invoice_lines: default INVOICE and CREDIT_NOTE; PROFORMA only when asked'),
  )),
  status: v.optional(v.pipe(boundedString(40), v.toUpperCase(), v.description('A status of the entity; default all'))),
  dialect: v.optional(v.pipe(lowerCased(CSV_DIALECTS), v.description(`${CSV_DIALECTS.join(' or ')} (case-insensitive); default rfc4180`))),
}))
export type CsvExportInput = v.InferInput<typeof CsvExportSchema>

type CsvParameters = CsvExportParameters & CommonExportParameters

/** Where each entity's rows come from. */
const RECORDS_BY_ENTITY = {
  invoices: 'invoices',
  invoice_lines: 'invoices',
  payments: 'payments',
  customers: 'customers',
  quotes: 'orderDocuments',
  order_confirmations: 'orderDocuments',
  delivery_notes: 'orderDocuments',
  orders: 'orderDocuments',
} as const satisfies Record<CsvEntity, ExportedRecords>

/** Entities without a period: a list of what exists now. */
const UNDATED_ENTITIES: readonly CsvEntity[] = ['customers']
const INVOICE_ENTITIES: readonly CsvEntity[] = ['invoices', 'invoice_lines']

/** Generic CSV of one entity, in the `rfc4180` or `excel-de` dialect. */
export const csvExportPolicy: ExportPolicy<CsvExportInput, CsvParameters> = {
  path: 'csv',
  contentTypes: [CSV_CONTENT_TYPE],
  schema: CsvExportSchema,
  parametersOf(input) {
    const parsed = parseInput(CsvExportSchema, input)
    const undated = UNDATED_ENTITIES.includes(parsed.entity)
    const period = undated && parsed.from === undefined && parsed.to === undefined ? undefined : checkedPeriod(parsed.from, parsed.to)
    return {
      entity: parsed.entity,
      ...period,
      ...(INVOICE_ENTITIES.includes(parsed.entity) ? { invoiceTypes: parsed.invoiceTypes ? [...new Set(parsed.invoiceTypes)] : ['INVOICE', 'CREDIT_NOTE'] } : {}),
      ...(parsed.status !== undefined ? { status: parsed.status } : {}),
      dialect: parsed.dialect ?? 'rfc4180',
      onlyNotExported: parsed.onlyNotExported ?? false,
    }
  },
  recordsOf: (parameters) => [RECORDS_BY_ENTITY[parameters.entity]],
  write: (reader, company, { onlyNotExported: _, ...parameters }, { today, include }) => writeCsvExport(reader, company, { ...parameters, today }, include),
}
