import { effectiveSepaSettings, type Company } from '../../companies'
import type { Customer } from '../../customers'
import { InvoicingError } from '../../errors'
import type { StorageReader } from '../../ports/storage'
import type { ExportContext, ExportFileDescription, ExportWriting } from '../export-policy'
import { pain008Xml, paymentInformationsOf, sumOf } from './pain008-document'
import type { SepaExportParameters } from './sepa-export-parameters'
import { creditorOf, transactionOf, type SepaTransaction } from './sepa-transactions'
import { isTarget2BusinessDay, target2BusinessDaysBetween } from './target2-calendar'

export const SEPA_CONTENT_TYPE = 'application/xml'
export const SEPA_EXPORT_TYPE = 'SEPA_DIRECT_DEBIT'

/** Banks' cut-offs differ: fewer business days than this before the collection date may be too late for some. */
const COMFORTABLE_LEAD_DAYS = 2

/** 400 `invalid_collection_date` unless `collectionDate` is a TARGET2 business day at least one business day after today; a warning when it is close. */
function checkCollectionDate({ collectionDate }: SepaExportParameters, { today, findings }: ExportContext): void {
  const lead = target2BusinessDaysBetween(today, collectionDate)
  if (!isTarget2BusinessDay(collectionDate) || lead < 1) {
    const reason = isTarget2BusinessDay(collectionDate) ? `is not at least one TARGET2 business day after today (${today})` : 'is not a TARGET2 business day'
    throw new InvoicingError('invalid_collection_date', `The collection date ${collectionDate} ${reason}`, { field: 'collectionDate', collectionDate, today })
  }
  if (lead < COMFORTABLE_LEAD_DAYS) {
    findings.warning('short_lead_time', `The collection date ${collectionDate} is ${lead} TARGET2 business day after today; many banks need the file earlier`, { field: 'collectionDate' })
  }
}

/** 409 `already_collected` for invoices in a non-voided SEPA export, unless the request allows a repeat. */
async function checkNotCollected(reader: StorageReader, companyId: string, { invoiceIds, allowRepeat }: SepaExportParameters): Promise<void> {
  if (allowRepeat) return
  const collected = new Set(await reader.exports.exportedRecordIds(companyId, SEPA_EXPORT_TYPE))
  const repeated = invoiceIds.filter((id) => collected.has(id))
  if (repeated.length > 0) {
    throw new InvoicingError('already_collected', `${repeated.length} invoice(s) are in a SEPA export already; void it, or send allowRepeat: true`, { invoiceIds: repeated })
  }
}

/**
 * The pain.008 file of the chosen invoices. A file holds at most 1,000 transactions, so it is
 * built in memory once every invoice passed; with a problem nothing is written and every
 * problem of the request is reported.
 */
export async function* writeSepaExport(reader: StorageReader, company: Company, parameters: SepaExportParameters, context: ExportContext): ExportWriting {
  const { findings, exportId } = context
  checkCollectionDate(parameters, context)
  await checkNotCollected(reader, company.id, parameters)
  const settings = effectiveSepaSettings(company.sepa)
  const creditor = creditorOf(company, findings)
  const customers = new Map<string, Customer | undefined>()
  const transactions: SepaTransaction[] = []
  for (const [index, invoiceId] of parameters.invoiceIds.entries()) {
    const invoice = await reader.invoices.get(company.id, invoiceId)
    if (!invoice) {
      findings.problem('invoice_not_found', `The company has no invoice ${invoiceId}`, { field: `invoiceIds[${index}]` })
      continue
    }
    if (!customers.has(invoice.customerId)) customers.set(invoice.customerId, await reader.customers.get(company.id, invoice.customerId))
    const transaction = await transactionOf(reader, invoice, customers.get(invoice.customerId), findings, {
      parameters, useFirstSequenceType: settings.useFirstSequenceType, transliterate: settings.transliterate,
    })
    if (transaction) transactions.push(transaction)
  }
  if (findings.hasProblems || !creditor) return describe(parameters, context, [], [])

  const paymentInformations = paymentInformationsOf(exportId, transactions)
  const xml = pain008Xml({
    painVersion: parameters.painVersion, messageId: exportId, createdAt: context.now, collectionDate: parameters.collectionDate,
    batchBooking: parameters.batchBooking, transliterate: settings.transliterate, creditor, paymentInformations,
  })
  for (const block of paymentInformations) for (const transaction of block.transactions) context.include(transaction.invoice.id)
  yield Buffer.from(xml, 'utf8')
  return describe(parameters, context, paymentInformations, paymentInformations.flatMap((block) => block.transactions))
}

function describe(
  parameters: SepaExportParameters, { exportId, findings }: ExportContext,
  paymentInformations: ReturnType<typeof paymentInformationsOf>, transactions: readonly SepaTransaction[],
): ExportFileDescription {
  return {
    fileName: `SEPA-Lastschriften_${parameters.collectionDate}_${exportId}.xml`,
    contentType: SEPA_CONTENT_TYPE,
    encoding: 'UTF-8',
    summary: {
      messageId: exportId,
      painVersion: parameters.painVersion,
      collectionDate: parameters.collectionDate,
      numberOfTransactions: transactions.length,
      controlSum: sumOf(transactions),
      paymentInformations: paymentInformations.map(({ id, localInstrument, sequenceType, transactions: block, sum }) => ({ id, localInstrument, sequenceType, count: block.length, sum })),
      transactions: transactions.map((transaction) => ({
        invoiceId: transaction.invoice.id, invoiceNumber: transaction.invoice.number, endToEndId: transaction.endToEndId,
        amount: transaction.amount, mandateId: transaction.mandateId, sequenceType: transaction.sequenceType,
      })),
      warnings: findings.warnings,
    },
  }
}
