import * as v from 'valibot'
import { bmdSettingsEntries, bmdSettingsWith, effectiveBmdSettings } from '../companies'
import { upperCased } from '../shared/fields'
import { aliased, parseInput } from '../shared/validation'
import { BMD_CONTENT_TYPE, BMD_DOCUMENT_TYPES, writeBmdExport, type BmdExportParameters } from './bmd'
import { checkedPeriod, commonExportEntries, type CommonExportParameters } from './export-parameters'
import type { ExportPolicy } from './export-policy'

/** POST /exports/bmd: the period and types, and this request's overrides of the company's `bmd` settings. */
export const BmdExportSchema = aliased(v.object({
  ...commonExportEntries,
  documentTypes: v.optional(v.pipe(
    v.array(upperCased(BMD_DOCUMENT_TYPES)), v.maxLength(BMD_DOCUMENT_TYPES.length), v.minLength(1, 'must name at least one type'),
    v.description('INVOICE, CREDIT_NOTE (case-insensitive); default both'),
  )),
  skipUnsupported: v.optional(v.pipe(v.boolean(), v.description('List documents not in EUR in summary.skipped instead of refusing the export; default false'))),
  ...bmdSettingsEntries,
}))
export type BmdExportInput = v.InferInput<typeof BmdExportSchema>

type BmdParameters = BmdExportParameters & CommonExportParameters

/** BMD NTCS booking import: one booking per tax group of each invoice and credit note. */
export const bmdExportPolicy: ExportPolicy<BmdExportInput, BmdParameters> = {
  path: 'bmd',
  contentTypes: [BMD_CONTENT_TYPE],
  schema: BmdExportSchema,
  parametersOf(input, company) {
    const { from, to, onlyNotExported, documentTypes, skipUnsupported, ...overrides } = parseInput(BmdExportSchema, input)
    return {
      ...checkedPeriod(from, to),
      documentTypes: documentTypes ? BMD_DOCUMENT_TYPES.filter((type) => documentTypes.includes(type)) : [...BMD_DOCUMENT_TYPES],
      onlyNotExported: onlyNotExported ?? false,
      skipUnsupported: skipUnsupported ?? false,
      // Overrides apply as a company update would (null: the default), for this export only.
      ...effectiveBmdSettings(bmdSettingsWith(company.bmd, overrides)),
    }
  },
  recordsOf: () => ['invoices'],
  write: (reader, company, { onlyNotExported: _, ...parameters }, context) => writeBmdExport(reader, company, parameters, context),
}
