import * as v from 'valibot'
import { effectiveSepaSettings, PAIN_VERSIONS } from '../companies'
import { InvoicingError } from '../errors'
import { boundedString, calendarDate } from '../shared/fields'
import { aliased, parseInput } from '../shared/validation'
import { lowerCased } from './export-parameters'
import type { ExportPolicy } from './export-policy'
import {
  DEFAULT_REMITTANCE_INFORMATION, MAX_SEPA_INVOICES, REMITTANCE_PLACEHOLDERS, restoreMandateUses, SEPA_CONTENT_TYPE, recordMandateUses,
  writeSepaExport, type SepaExportParameters,
} from './sepa'

const UNKNOWN_PLACEHOLDER = new RegExp(`\\{(?!(?:${REMITTANCE_PLACEHOLDERS.join('|')})\\})[^}]*\\}`)

/** POST /exports/sepa-direct-debit. */
export const SepaDirectDebitExportSchema = aliased(v.object({
  invoiceIds: v.pipe(
    v.array(v.pipe(boundedString(100), v.nonEmpty('must not be empty'))),
    v.minLength(1, 'must name at least one invoice'), v.maxLength(MAX_SEPA_INVOICES, `must name at most ${MAX_SEPA_INVOICES} invoices`),
    v.description(`The invoices to collect, 1–${MAX_SEPA_INVOICES}, each once (a repeated id → 400 duplicate_invoice)`),
  ),
  collectionDate: v.pipe(calendarDate, v.description('The requested collection date: a TARGET2 business day at least one business day after today')),
  painVersion: v.optional(v.pipe(lowerCased(PAIN_VERSIONS), v.description('Default: the company\'s sepa.painVersion (pain.008.001.08)'))),
  batchBooking: v.optional(v.pipe(v.boolean(), v.description('BtchBookg; default the company\'s sepa.batchBooking (true)'))),
  remittanceInformation: v.optional(v.pipe(
    v.string(), v.trim(), v.nonEmpty('must not be empty'), v.maxLength(500, 'must be at most 500 characters'),
    v.check((template) => !UNKNOWN_PLACEHOLDER.test(template), `knows only the placeholders ${REMITTANCE_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}`),
    v.description(`Ustrd of each transaction, at most 140 characters once expanded; placeholders {number}, {customerNumber}, {issueDate}; default "${DEFAULT_REMITTANCE_INFORMATION}"`),
  )),
  allowRepeat: v.optional(v.pipe(v.boolean(), v.description('Collect invoices already in a non-voided SEPA export (else 409 already_collected); default false'))),
}))
export type SepaDirectDebitExportInput = v.InferInput<typeof SepaDirectDebitExportSchema>

/** The ids named more than once, each once, in the order of their first repetition. */
function repeatedIds(ids: readonly string[]): string[] {
  const seen = new Set<string>()
  const repeated = new Set<string>()
  for (const id of ids) (seen.has(id) ? repeated : seen).add(id)
  return [...repeated]
}

/** SEPA direct debit (pain.008.001.08 or .02) of chosen invoices. */
export const sepaDirectDebitExportPolicy: ExportPolicy<SepaDirectDebitExportInput, SepaExportParameters> = {
  path: 'sepa-direct-debit',
  contentTypes: [SEPA_CONTENT_TYPE],
  schema: SepaDirectDebitExportSchema,
  parametersOf(input, company) {
    const parsed = parseInput(SepaDirectDebitExportSchema, input)
    const duplicates = repeatedIds(parsed.invoiceIds)
    if (duplicates.length > 0) {
      throw new InvoicingError('duplicate_invoice', `invoiceIds names ${duplicates.length === 1 ? 'an invoice' : 'invoices'} more than once: ${duplicates.join(', ')}`, { invoiceIds: duplicates })
    }
    const settings = effectiveSepaSettings(company.sepa)
    return {
      invoiceIds: parsed.invoiceIds,
      collectionDate: parsed.collectionDate,
      painVersion: parsed.painVersion ?? settings.painVersion,
      batchBooking: parsed.batchBooking ?? settings.batchBooking,
      remittanceInformation: parsed.remittanceInformation ?? DEFAULT_REMITTANCE_INFORMATION,
      allowRepeat: parsed.allowRepeat ?? false,
      onlyNotExported: false,
    }
  },
  recordsOf: () => ['invoices'],
  write: (reader, company, parameters, context) => writeSepaExport(reader, company, parameters, context),
  withEffects: recordMandateUses,
  undoEffects: restoreMandateUses,
}
