import * as v from 'valibot'
import { boundedString, calendarDate, optionalText, requiredText, upperCased, searchTerm } from '../shared/fields'
import { pageEntries } from '../shared/pagination'
import { aliased } from '../shared/validation'
import { FILE_DOCUMENT_CATEGORIES, FILE_DOCUMENT_STATUSES, FILE_LINK_TYPES } from './file-document'

/** The most links a document takes at its start (more are added one by one). */
export const MAX_LINKS_AT_CREATION = 20

/**
 * 1–255 characters; no `/`, `\` or control characters, and not `.` or `..`, so a name can never
 * name a folder when it is saved, and it prints in a Content-Disposition header as given.
 */
export const fileName = v.pipe(
  requiredText(255),
  v.check((name) => !/[/\\\u0000-\u001f\u007f]/.test(name), 'must not contain /, \\ or control characters'),
  v.check((name) => name !== '.' && name !== '..', 'must not be . or ..'),
)

/** Lower-case hex SHA-256 (upper-case is accepted and lowered). */
const sha256 = v.pipe(boundedString(64), v.toLowerCase(), v.regex(/^[0-9a-f]{64}$/, 'must be the 64 hex digits of a SHA-256'))

/** A declared content type, checked against the allow-list by the use case (its own error code). */
const contentType = v.pipe(requiredText(200), v.description('One of the allowed types (see the error\'s allowedValues); parameters such as ;charset= are ignored'))

const category = v.pipe(upperCased(FILE_DOCUMENT_CATEGORIES), v.description('Default OTHER'))
const linkType = upperCased(FILE_LINK_TYPES)

/** A link to a record of the company. */
export const LinkInputSchema = aliased(v.object({
  type: v.pipe(linkType, v.description('INVOICE (also credit notes and proformas), QUOTE, ORDER_CONFIRMATION, DELIVERY_NOTE, ORDER, CUSTOMER, RECURRING_SCHEDULE')),
  id: v.pipe(requiredText(100), v.description('The record\'s id; it must exist in the company')),
  sendWithDocument: v.optional(v.pipe(v.boolean(), v.description('Mail the file after the record\'s PDF when the record is sent; default false'))),
}))
export type LinkInput = v.InferInput<typeof LinkInputSchema>
export type LinkFields = v.InferOutput<typeof LinkInputSchema>

/** The metadata every new document may carry. */
const metadataEntries = {
  title: optionalText(200),
  description: optionalText(2000),
  category: v.optional(category),
}

/** POST /documents/uploads: a direct upload's announcement. */
export const UploadStartSchema = aliased(v.object({
  fileName,
  contentType,
  size: v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'), v.description('Exact length in bytes; at most INVOICING_UPLOAD_MAX_BYTES')),
  sha256: v.optional(v.pipe(sha256, v.description('When given, the bytes must have this SHA-256'))),
  ...metadataEntries,
  links: v.optional(v.pipe(v.array(LinkInputSchema), v.maxLength(MAX_LINKS_AT_CREATION, `must hold at most ${MAX_LINKS_AT_CREATION} links`))),
}))
export type UploadStartInput = v.InferInput<typeof UploadStartSchema>

/** The form fields of POST /documents beside its file part (multipart values are text). */
export const UploadFieldsSchema = aliased(v.object({
  fileName: v.optional(v.pipe(fileName, v.description('Default the file part\'s file name'))),
  ...metadataEntries,
  linkType: v.optional(linkType),
  linkId: v.optional(requiredText(100)),
  sendWithDocument: v.optional(v.pipe(v.picklist(['true', 'false']), v.transform((text) => text === 'true'))),
}))
export type UploadFieldsInput = v.InferInput<typeof UploadFieldsSchema>

/** PUT /documents/{id}: metadata only; `null` clears title or description. */
export const DocumentUpdateSchema = aliased(v.object({
  fileName: v.optional(fileName),
  ...metadataEntries,
}))
export type DocumentUpdateInput = v.InferInput<typeof DocumentUpdateSchema>

export const DocumentListQuerySchema = aliased(v.object({
  linkType: v.optional(v.pipe(linkType, v.description('With linkId: documents linked to that record'))),
  linkId: v.optional(boundedString(100)),
  customerId: v.optional(v.pipe(boundedString(100), v.description('Documents linked to the customer or to any of its invoices, sales documents or recurring schedules'))),
  category: v.optional(category),
  status: v.optional(v.pipe(upperCased(FILE_DOCUMENT_STATUSES), v.description('Default AVAILABLE'))),
  search: searchTerm('the file name or title'),
  from: v.optional(v.pipe(calendarDate, v.description('Created on or after this date (company time zone)'))),
  to: v.optional(v.pipe(calendarDate, v.description('Created on or before this date (company time zone)'))),
  ...pageEntries,
}))
export type DocumentListQuery = v.InferInput<typeof DocumentListQuerySchema>

/** How a file's content is served: as a download or shown in the browser. */
export const CONTENT_DISPOSITIONS = ['attachment', 'inline'] as const

export const ContentQuerySchema = aliased(v.object({
  disposition: v.optional(v.pipe(v.picklist(CONTENT_DISPOSITIONS), v.description('Default attachment'))),
}))
