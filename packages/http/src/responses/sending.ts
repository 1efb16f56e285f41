import { CHANGE_TYPES, type CorrectionResult, type SendResult, type VersionList } from '@invoicing/core'
import * as v from 'valibot'
import { LOWERCASE_INVOICE_STATUSES, legacyResponse, nullableString, timestamp } from './shapes'

/** Copies as the request gives them: one string, addresses separated by commas. */
const joined = (addresses: readonly string[]): string | null => (addresses.length ? addresses.join(', ') : null)

const sendEntries = {
  invoiceId: v.string(),
  invoiceNumber: v.string(),
  status: v.pipe(v.picklist(LOWERCASE_INVOICE_STATUSES), v.description('The status after the send, lowercase')),
  sentTo: v.string(),
  cc: v.pipe(nullableString, v.description('Copies, separated by commas')),
  bcc: v.pipe(nullableString, v.description('Blind copies, separated by commas')),
  sentAt: v.pipe(timestamp, v.description('When this mail was handed over for delivery')),
}

const sendResponse = legacyResponse(sendEntries)
export const SendResponseSchema = sendResponse.schema

/** The send answer: lowercase status, camelCase fields with their snake_case forms. */
export const toSendResponse = (result: SendResult) => sendResponse.shape({
  invoiceId: result.invoiceId,
  invoiceNumber: result.invoiceNumber,
  status: result.status.toLowerCase(),
  sentTo: result.sentTo,
  cc: joined(result.cc),
  bcc: joined(result.bcc),
  sentAt: result.sentAt,
})

export const toCorrectionResponse = (result: CorrectionResult) => result

export const CorrectionResponseSchema = v.strictObject({
  invoiceId: v.string(),
  invoiceNumber: v.pipe(v.string(), v.description('Unchanged by a correction')),
  versionNumber: v.pipe(v.number(), v.description('The version this correction created')),
  changeReason: v.string(),
  lazyInitialVersion: v.pipe(v.boolean(), v.description('True when version 1 was taken now, from the state before the correction')),
})

export const toVersionListResponse = (list: VersionList) => list

export const VersionListResponseSchema = v.strictObject({
  invoiceId: v.string(),
  currentVersion: v.pipe(v.nullable(v.number()), v.description('The highest version number; null while the document has no version')),
  versions: v.array(v.strictObject({
    id: v.string(),
    versionNumber: v.number(),
    changeType: v.pipe(v.picklist(CHANGE_TYPES), v.description('INITIAL: version 1, taken when the document was locked; CORRECTION: a correction')),
    changeReason: nullableString,
    hasPdf: v.pipe(v.boolean(), v.description('Whether the archived PDF is available')),
    createdAt: timestamp,
    createdBy: v.pipe(v.string(), v.description('The API key that caused the version (the company id for changes made outside the API)')),
  })),
})
