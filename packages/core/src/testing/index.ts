/** Test support for the engine and its adapters: in-memory storage and files, a manual clock, fixtures, contract suites. */
export { createMemoryFileStore, createMemoryStorage } from '../memory-storage'
export { createManualClock, type ManualClock } from './manual-clock'
export { storageContract, type StorageHarness } from './storage-contract'
export { withTransactionConflicts } from './conflicting-storage'
export { fileStoreContract, type FileStoreContractOptions } from './file-store-contract'
export { claimsDueContract, type ClaimsDueHarness } from './claims-due-contract'
export { aBlogPost } from './blog-contract'
export { webhookDeliveryClaims } from './webhook-claims'
export {
  aCompany, aCustomer, anApiKey, aProduct, anInvoice, anInvoiceLine, anOrderDocument, aDocumentCategory, anIdempotencyRecord, anEvent, anAuditEntry,
  aDocumentVersion, aSendReservation, aPayment, aWebhookEndpoint, aWebhookDelivery, aWebhookAttempt, aReminder, aRecurringSchedule, anOccurrence,
  aFileDocument,
} from './fixtures'
export { failsWith } from './fails-with'
export { createEngine, einvoiceScenarios, type Scenario } from './einvoice-scenarios'
export { bmdExportScenario, BMD_SCENARIO_TAX_CASES } from './bmd-export-scenario'
export { sepaCollectionDate, sepaScenarios, type SepaScenarioFile } from './sepa-scenarios'
export { createRecordingRenderer, readRecordedPdf } from './recording-renderer'
