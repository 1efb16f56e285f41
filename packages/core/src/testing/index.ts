/** Test support for the engine and its adapters: in-memory storage and blobs, a manual clock, fixtures, contract suites. */
export { createMemoryStorage } from '../memory-storage/memory-storage'
export { createMemoryBlobStore } from '../memory-storage/memory-blob-store'
export { createManualClock, type ManualClock } from './manual-clock'
export { storageContract, type StorageHarness } from './storage-contract'
export { blobStoreContract } from './blob-store-contract'
export {
  aCompany, aCustomer, anApiKey, aProduct, anInvoice, anInvoiceLine, aDocumentCategory, anIdempotencyRecord, anEvent, anAuditEntry,
  aDocumentVersion, aSendReservation, aPayment, aWebhookEndpoint, aWebhookDelivery, aWebhookAttempt, aReminder,
} from './fixtures'
export { failsWith } from './fails-with'
export { createEngine, einvoiceScenarios, type Scenario } from './einvoice-scenarios'
export { createRecordingRenderer, readRecordedPdf } from './recording-renderer'
