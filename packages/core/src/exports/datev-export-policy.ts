import * as v from 'valibot'
import { CHARTS_OF_ACCOUNTS } from '../companies'
import { upperCased } from '../shared/fields'
import { aliased, parseInput } from '../shared/validation'
import { DATEV_CSV_CONTENT_TYPE, DATEV_ZIP_CONTENT_TYPE, writeDatevExport, type DatevExportParameters } from './datev'
import { checkedPeriod, commonExportEntries, type CommonExportParameters } from './export-parameters'
import type { ExportPolicy } from './export-policy'

const DATEV_DOCUMENT_TYPES = ['INVOICE', 'CREDIT_NOTE'] as const

const wholeNumber = (min: number, max: number, description: string) => v.optional(v.pipe(
  v.number(), v.integer('must be a whole number'), v.minValue(min, `must be ${min} to ${max}`), v.maxValue(max, `must be ${min} to ${max}`),
  v.description(`${description}; default the company's datev setting`)))

const flag = (description: string) => v.optional(v.pipe(v.boolean(), v.description(description)))

/** POST /exports/datev. */
export const DatevExportSchema = aliased(v.object({
  ...commonExportEntries,
  documentTypes: v.optional(v.pipe(
    v.array(upperCased(DATEV_DOCUMENT_TYPES)), v.maxLength(DATEV_DOCUMENT_TYPES.length), v.minLength(1, 'must name at least one type'),
    v.description('INVOICE and/or CREDIT_NOTE; default both'),
  )),
  includePayments: flag('Also book every payment dated in the period (bank account to debtor); default false'),
  skipUnsupported: flag('List non-EUR documents in summary.skipped instead of refusing the export; default false'),
  consultantNumber: wholeNumber(1001, 9_999_999, 'Beraternummer (header field 11)'),
  clientNumber: wholeNumber(1, 99_999, 'Mandantennummer (header field 12)'),
  chartOfAccounts: v.optional(v.pipe(upperCased(CHARTS_OF_ACCOUNTS), v.description('SKR03 or SKR04; default the company\'s datev setting'))),
  accountLength: wholeNumber(4, 8, 'Sachkontenlänge (header field 14)'),
  fiscalYearStartMonth: wholeNumber(1, 12, 'Month the fiscal year starts (one file per fiscal year)'),
  lockBookings: flag('Festschreibung (header field 21, booking field 114); default the company\'s datev setting'),
}))
export type DatevExportInput = v.InferInput<typeof DatevExportSchema>

type DatevParameters = DatevExportParameters & CommonExportParameters

/** DATEV Buchungsstapel (EXTF 700/21/13) of the booked documents of a period. */
export const datevExportPolicy: ExportPolicy<DatevExportInput, DatevParameters> = {
  path: 'datev',
  contentTypes: [DATEV_CSV_CONTENT_TYPE, DATEV_ZIP_CONTENT_TYPE],
  schema: DatevExportSchema,
  parametersOf(input, company) {
    const parsed = parseInput(DatevExportSchema, input)
    const { from, to } = checkedPeriod(parsed.from, parsed.to)
    const datev = company.datev
    return {
      from, to,
      documentTypes: parsed.documentTypes ? DATEV_DOCUMENT_TYPES.filter((type) => parsed.documentTypes!.includes(type)) : [...DATEV_DOCUMENT_TYPES],
      includePayments: parsed.includePayments ?? false,
      onlyNotExported: parsed.onlyNotExported ?? false,
      skipUnsupported: parsed.skipUnsupported ?? false,
      consultantNumber: parsed.consultantNumber ?? datev.consultantNumber,
      clientNumber: parsed.clientNumber ?? datev.clientNumber,
      chartOfAccounts: parsed.chartOfAccounts ?? datev.chartOfAccounts ?? 'SKR03',
      accountLength: parsed.accountLength ?? datev.accountLength ?? 4,
      fiscalYearStartMonth: parsed.fiscalYearStartMonth ?? datev.fiscalYearStartMonth ?? 1,
      lockBookings: parsed.lockBookings ?? datev.lockBookings ?? false,
    }
  },
  // Payment bookings are marked too, so onlyNotExported does not book a payment twice.
  recordsOf: (parameters) => (parameters.includePayments ? ['invoices', 'payments'] : ['invoices']),
  write: (reader, company, parameters, context) => writeDatevExport(reader, company, parameters, context),
}
