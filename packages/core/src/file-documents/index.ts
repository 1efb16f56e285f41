/** Documents (files) the company keeps next to its records. Other features import from here, not from the files inside. */
export * from './file-document'
export { ContentQuerySchema, DocumentListQuerySchema, DocumentUpdateSchema, LinkInputSchema, UploadFieldsSchema, UploadStartSchema, MAX_LINKS_AT_CREATION } from './file-document-schemas'
export type { DocumentListQuery, DocumentUpdateInput, LinkInput, UploadFieldsInput, UploadStartInput } from './file-document-schemas'
export type { FileDocumentLinkView, FileDocumentView } from './file-document-view'
export { createFileDocumentService, type FileDocumentService } from './file-document-service'
export { createFileUploads, MULTIPART_MAX_BYTES, type FileUploadOptions, type StagedFile, type StartedUpload } from './file-uploads'
export { fileCleanupJob, FILE_CLEANUP_JOB, PENDING_UPLOAD_LIFETIME_MS } from './file-cleanup-job'
export { documentsToAttach, mailAttachmentsOf, MAX_MAIL_ATTACHMENT_BYTES } from './mail-attachments'
