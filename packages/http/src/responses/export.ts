import { BUILT_EXPORT_TYPES, EXPORT_STATUSES, type ExportView } from '@invoicing/core'
import * as v from 'valibot'
import { nullableString, timestamp } from './shapes'

export const ExportResponseSchema = v.strictObject({
  id: v.string(),
  type: v.picklist(BUILT_EXPORT_TYPES),
  status: v.picklist(EXPORT_STATUSES),
  parameters: v.pipe(v.record(v.string(), v.unknown()), v.description('The request after defaults and company settings were applied')),
  file: v.strictObject({
    name: v.string(),
    contentType: v.string(),
    encoding: v.pipe(v.string(), v.description('e.g. UTF-8')),
    size: v.pipe(v.number(), v.description('Bytes')),
    sha256: v.pipe(v.string(), v.description('Hex')),
  }),
  documentCount: v.pipe(v.number(), v.description('Documents (rows\' records) included')),
  summary: v.pipe(v.record(v.string(), v.unknown()), v.description('Per type: CSV { rows }; SEPA_DIRECT_DEBIT { messageId, painVersion, collectionDate, numberOfTransactions, controlSum, paymentInformations, transactions, warnings, previousMandateUses }; with onlyNotExported also previouslyExported')),
  createdAt: timestamp,
  createdByKeyId: nullableString,
  voidedAt: v.nullable(timestamp),
  voidReason: nullableString,
})

export const toExportResponse = (exported: ExportView) => exported
