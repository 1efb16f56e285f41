/** Sending documents by mail: reservations, texts and the send use case. Other features import from here, not from the files inside. */
export { fillPlaceholders } from './mail-texts'
export { assertNotBeingSent, deliveredButNotRecorded, reserveMailing, type SendReservation } from './send-reservation'
export { type SendRequest } from './send-schemas'
export { type createSendService, type SendResult } from './send-service'
