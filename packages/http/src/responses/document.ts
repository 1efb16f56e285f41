import {
  FILE_CONTENT_TYPE_NAMES, FILE_DOCUMENT_CATEGORIES, FILE_DOCUMENT_STATUSES, FILE_LINK_TYPES,
  type FileDocumentLinkView, type FileDocumentView, type StartedUpload,
} from '@invoicing/core'
import * as v from 'valibot'
import { nullableString, timestamp } from './shapes'

export const DocumentLinkResponseSchema = v.strictObject({
  id: v.string(),
  type: v.picklist(FILE_LINK_TYPES),
  targetId: v.string(),
  targetNumber: v.pipe(nullableString, v.description('The record\'s number (document or customer number); null for a draft, a schedule, or a record since deleted')),
  sendWithDocument: v.boolean(),
  createdAt: timestamp,
})

export const DocumentResponseSchema = v.strictObject({
  id: v.string(),
  fileName: v.string(),
  contentType: v.picklist(FILE_CONTENT_TYPE_NAMES),
  size: v.pipe(v.number(), v.description('Bytes')),
  sha256: v.pipe(nullableString, v.description('Hex; null while a direct upload announced without one is pending')),
  status: v.picklist(FILE_DOCUMENT_STATUSES),
  title: nullableString,
  description: nullableString,
  category: v.picklist(FILE_DOCUMENT_CATEGORIES),
  links: v.array(DocumentLinkResponseSchema),
  createdAt: timestamp,
  uploadedAt: v.pipe(v.nullable(timestamp), v.description('When the bytes were received; null until then')),
  updatedAt: timestamp,
  createdByKeyId: nullableString,
})

export const toDocumentResponse = (document: FileDocumentView) => document
export const toLinkResponse = (link: FileDocumentLinkView) => link

export const StartedUploadResponseSchema = v.strictObject({
  document: DocumentResponseSchema,
  upload: v.strictObject({
    url: v.pipe(v.string(), v.description('PUT the bytes here: the host\'s /api/v1/documents/uploads/{token} (fs storage) or a presigned S3 URL')),
    method: v.literal('PUT'),
    headers: v.pipe(v.record(v.string(), v.string()), v.description('Send these headers with the PUT, exactly')),
    expiresAt: timestamp,
  }),
})

export const toStartedUploadResponse = (started: StartedUpload) => started
