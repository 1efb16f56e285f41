export { createSmtpTransport, type SmtpTransportOptions } from './smtp-transport'
export { createFileOutbox } from './file-outbox'
