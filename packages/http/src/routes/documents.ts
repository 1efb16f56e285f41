import {
  DocumentListQuerySchema, DocumentUpdateSchema, FILE_CONTENT_TYPE_NAMES, FILE_DOCUMENT_CATEGORIES, FILE_LINK_TYPES, LinkInputSchema, MULTIPART_MAX_BYTES,
  UploadStartSchema, type FileDocumentView, type Invoicing, type StagedFile,
} from '@invoicing/core'
import { multipartUpload, type MultipartUpload } from '../middleware/multipart-upload'
import {
  DocumentLinkResponseSchema, DocumentResponseSchema, StartedUploadResponseSchema, toDocumentResponse, toLinkResponse, toStartedUploadResponse,
} from '../responses/document'
import { data, dataSchema, listOf, listSchema, SuccessSchema } from '../responses/shapes'
import { documentContentRoute } from './document-content'
import { defineRoute } from './route'

const tag = 'documents'

/** The form of POST /documents as the OpenAPI document shows it. */
const MULTIPART_FORM = {
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary', description: `The file, at most ${MULTIPART_MAX_BYTES} bytes; its part's Content-Type is the declared type (one of ${FILE_CONTENT_TYPE_NAMES.join(', ')}) and its filename the default fileName` },
    fileName: { type: 'string', maxLength: 255, description: 'Replaces the part\'s file name; no /, \\ or control characters' },
    title: { type: 'string', maxLength: 200 },
    description: { type: 'string', maxLength: 2000 },
    category: { type: 'string', enum: FILE_DOCUMENT_CATEGORIES, description: 'Default OTHER' },
    linkType: { type: 'string', enum: FILE_LINK_TYPES, description: 'With linkId: link the new document to this record' },
    linkId: { type: 'string', maxLength: 100 },
    sendWithDocument: { type: 'string', enum: ['true', 'false'], description: 'For the link: mail the file with the record' },
  },
}

export const documentRoutes = ({ documents }: Invoicing) => [
  defineRoute({
    method: 'get', path: '/documents', tag, operationId: 'listDocuments', summary: 'List documents (files)',
    description: 'Newest first. status defaults to AVAILABLE (pending direct uploads are listed only with status=PENDING_UPLOAD). linkType and linkId go together.',
    scopes: ['documents:read'],
    query: DocumentListQuerySchema,
    responses: { 200: { description: 'A page of documents', schema: listSchema(DocumentResponseSchema) } },
    handle: async ({ principal, query }) => ({ body: listOf(await documents.list(principal.actor, query), toDocumentResponse) }),
  }),
  defineRoute<MultipartUpload<StagedFile>, undefined, FileDocumentView>({
    method: 'post', path: '/documents', tag, operationId: 'uploadDocument', summary: 'Upload a file (multipart, up to 10 MiB)',
    description: [
      `multipart/form-data with a part named file (at most ${MULTIPART_MAX_BYTES} bytes, else 413 file_too_large; the body is cut off there, never read whole)`,
      'and the optional fields below. The declared type must be on the allow-list (400 unsupported_file_type with allowedValues); the content',
      'must match it for binary types (400 file_type_mismatch). The storage quota (storageQuotaBytes) → 403 plan_limit_reached.',
      'An Idempotency-Key compares the fields and the file\'s name, type and SHA-256.',
    ].join(' '),
    scopes: ['documents:write'],
    rawBody: { parse: multipartUpload({ stage: (principal, content) => documents.stage(principal.actor, content), discardStaged: (staged: StagedFile) => documents.discardStaged(staged) }), contentType: 'multipart/form-data', schema: MULTIPART_FORM, description: 'The file and its metadata' },
    responses: { 201: { description: 'The new document, AVAILABLE', schema: dataSchema(DocumentResponseSchema) } },
    errors: [404, 413, 415],
    fingerprintBody: ({ fields, file }) => ({ fields, file }),
    run: ({ principal, body }, claim) => documents.create(principal.actor, body.file, body.fields, body.staged, claim),
    respond: (document) => ({ status: 201, body: data(toDocumentResponse(document)), resourceId: document.id }),
    replay: async (principal, id) => ({ status: 201, body: data(toDocumentResponse(await documents.get(principal.actor, id))) }),
  }),
  defineRoute({
    method: 'post', path: '/documents/uploads', tag, operationId: 'startDocumentUpload', summary: 'Start a direct upload',
    description: [
      'Creates the document as PENDING_UPLOAD and answers where to PUT its bytes: exactly size bytes, with the returned headers, before',
      'expiresAt (INVOICING_UPLOAD_URL_TTL_S, default 900 s). Then POST /documents/{id}/complete. size above INVOICING_UPLOAD_MAX_BYTES',
      '→ 413 file_too_large; the storage quota → 403 plan_limit_reached; a link to an unknown record → 404. Uploads not completed within',
      '24 hours are removed.',
    ].join(' '),
    scopes: ['documents:write'],
    body: UploadStartSchema,
    responses: { 201: { description: 'The pending document and its upload', schema: dataSchema(StartedUploadResponseSchema) } },
    errors: [404, 413],
    run: ({ principal, body }, claim) => documents.startUpload(principal.actor, body, claim),
    respond: (started) => ({ status: 201, body: data(toStartedUploadResponse(started)), resourceId: started.document.id }),
  }),
  defineRoute({
    method: 'post', path: '/documents/{id}/complete', tag, operationId: 'completeDocumentUpload', summary: 'Complete a direct upload',
    description: 'Verifies the uploaded bytes: their length (400 size_mismatch; also when nothing was uploaded), their SHA-256 when one was announced (400 checksum_mismatch) and their type by content (400 file_type_mismatch). Bytes that fail are removed, so the upload can be made again while its URL is valid. The document becomes AVAILABLE (document.created). A document not PENDING_UPLOAD → 409 status_conflict.',
    scopes: ['documents:write'],
    responses: { 200: { description: 'The document, AVAILABLE', schema: dataSchema(DocumentResponseSchema) } },
    errors: [404],
    run: ({ principal, params }, claim) => documents.complete(principal.actor, params.id!, claim),
    respond: (document) => ({ body: data(toDocumentResponse(document)) }),
  }),
  defineRoute({
    method: 'get', path: '/documents/{id}', tag, operationId: 'getDocument', summary: 'Read a document\'s metadata',
    scopes: ['documents:read'],
    responses: { 200: { description: 'The document', schema: dataSchema(DocumentResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params }) => ({ body: data(toDocumentResponse(await documents.get(principal.actor, params.id!))) }),
  }),
  documentContentRoute(documents),
  defineRoute({
    method: 'put', path: '/documents/{id}', tag, operationId: 'updateDocument', summary: 'Change a document\'s metadata',
    description: 'fileName, title, description, category; absent fields stay, null clears title or description. The bytes never change.',
    scopes: ['documents:write'],
    body: DocumentUpdateSchema,
    responses: { 200: { description: 'The changed document', schema: dataSchema(DocumentResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params, body }) => ({ body: data(toDocumentResponse(await documents.update(principal.actor, params.id!, body))) }),
  }),
  defineRoute({
    method: 'delete', path: '/documents/{id}', tag, operationId: 'deleteDocument', summary: 'Delete a document and its bytes',
    description: 'A document linked to an invoice, credit note, proforma, quote, order confirmation, delivery note or order that holds an issued number is kept (GoBD): 409 document_in_use naming those links.',
    scopes: ['documents:write'],
    responses: { 200: { description: 'Deleted', schema: SuccessSchema } },
    errors: [404, 409],
    handle: async ({ principal, params }) => {
      await documents.delete(principal.actor, params.id!)
      return { body: { success: true } }
    },
  }),
  defineRoute({
    method: 'post', path: '/documents/{id}/links', tag, operationId: 'linkDocument', summary: 'Link a document to a record',
    description: 'The record must exist in the company (404). A second link to the same record → 409 link_exists (linkId). Only documents:write is needed, whatever the record.',
    scopes: ['documents:write'],
    body: LinkInputSchema,
    responses: { 201: { description: 'The new link', schema: dataSchema(DocumentLinkResponseSchema) } },
    errors: [404],
    run: ({ principal, params, body }, claim) => documents.link(principal.actor, params.id!, body, claim),
    respond: (link) => ({ status: 201, body: data(toLinkResponse(link)) }),
  }),
  defineRoute({
    method: 'delete', path: '/documents/{id}/links/{linkId}', tag, operationId: 'unlinkDocument', summary: 'Remove a link',
    description: 'A link to a locked invoice is kept (GoBD): 409 document_locked.',
    scopes: ['documents:write'],
    responses: { 200: { description: 'Removed', schema: SuccessSchema } },
    errors: [404, 409],
    handle: async ({ principal, params }) => {
      await documents.unlink(principal.actor, params.id!, params.linkId!)
      return { body: { success: true } }
    },
  }),
]
