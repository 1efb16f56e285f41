import * as v from 'valibot'
import { effectiveVatReturnSettings, VAT_RETURN_BASES } from '../companies'
import { InvoicingError } from '../errors'
import { boundedString, decimal, upperCased } from '../shared/fields'
import { aliased, parseInput } from '../shared/validation'
import { commonExportEntries, lowerCased, type CommonExportParameters } from './export-parameters'
import type { ExportPolicy } from './export-policy'
import { periodRangeOf, USTVA_CONTENT_TYPES, USTVA_FORMATS, USTVA_PERIODS, writeUstvaExport, type UstvaExportParameters } from './ustva'

/** POST /exports/ustva. The period is a year and an ELSTER Zeitraum code, not from/to. */
export const UstvaExportSchema = aliased(v.object({
  year: v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(2000, 'must be 2000 or later'), v.maxValue(2099, 'must be 2099 or earlier'),
    v.description('The calendar year of the return')),
  period: v.pipe(boundedString(2), v.picklist(USTVA_PERIODS, 'must be 01–12 (a month) or 41–44 (a quarter)'),
    v.description('ELSTER\'s Zeitraum code: 01–12 a month, 41–44 a quarter')),
  basis: v.optional(v.pipe(upperCased(VAT_RETURN_BASES), v.description('ACCRUAL (Soll) or CASH (Ist, § 20 UStG); default the company\'s vatReturn.basis'))),
  inputTax: v.optional(v.nullable(decimal({
    min: 0, max: 1_000_000_000_000, maxDecimals: 2,
    description: 'Input tax (Vorsteuer) of the period, which the service does not know: Kz 66; with it the report computes Kz 83. Default null',
  }))),
  format: v.optional(v.pipe(lowerCased(USTVA_FORMATS), v.description('The file: json (default) or csv (excel-de dialect); the summary is always JSON'))),
  includeDocuments: v.optional(v.pipe(v.boolean(), v.description('The JSON file lists each document\'s contribution; default true'))),
  onlyNotExported: commonExportEntries.onlyNotExported,
}))
export type UstvaExportInput = v.InferInput<typeof UstvaExportSchema>

type UstvaParameters = UstvaExportParameters & CommonExportParameters

/** The UStVA Kennzahlen report of one month or quarter (German VAT advance return figures). */
export const ustvaExportPolicy: ExportPolicy<UstvaExportInput, UstvaParameters> = {
  path: 'ustva',
  contentTypes: Object.values(USTVA_CONTENT_TYPES),
  schema: UstvaExportSchema,
  parametersOf(input, company) {
    const parsed = parseInput(UstvaExportSchema, input)
    const settings = effectiveVatReturnSettings(company.vatReturn)
    const basis = parsed.basis ?? settings.basis
    // A payment belongs to the period it was received in, whatever became of its document: leaving
    // out documents exported before would drop the later payments of a document paid in parts.
    if (basis === 'CASH' && parsed.onlyNotExported) {
      throw new InvoicingError('validation_failed', 'onlyNotExported: is not available on the cash basis, where a document counts in every period it is paid in', { field: 'onlyNotExported' })
    }
    return {
      year: parsed.year,
      period: parsed.period,
      ...periodRangeOf(parsed.year, parsed.period),
      basis,
      inputTax: parsed.inputTax === undefined || parsed.inputTax === null ? null : Number(parsed.inputTax),
      format: parsed.format ?? 'json',
      includeDocuments: parsed.includeDocuments ?? true,
      otherExemptionKz: settings.otherExemptionKz,
      onlyNotExported: parsed.onlyNotExported ?? false,
    }
  },
  recordsOf: () => ['invoices'],
  write: (reader, company, { onlyNotExported: _, ...parameters }, context) => writeUstvaExport(reader, company, parameters, context),
}
