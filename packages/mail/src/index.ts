export { createSmtpTransport, type SmtpTransportOptions } from './smtp-transport'
export { createFileOutbox } from './file-outbox'
export { MailDeliveryError } from './smtp-errors'
