/** Sending documents by mail: reservations, texts and the send use case. Other features import from here, not from the files inside. */
export { attachmentName, deliverDocumentMail, documentMail, type MailedDocument, type MailEnvelope } from './document-mail'
export { fillPlaceholders } from './mail-texts'
export { assertNotBeingSent, deliveredButNotRecorded, releaseReservation, reserveMailing, type SendReservation } from './send-reservation'
export { SendRequestSchema, type SendRequest } from './send-schemas'
export { type createSendService, type SendResult } from './send-service'
