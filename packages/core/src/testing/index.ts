/** Test support for the engine and its adapters: in-memory storage, a manual clock, fixtures. */
export { createMemoryStorage } from '../memory-storage/memory-storage'
export { createManualClock, type ManualClock } from './manual-clock'
export { storageContract, type StorageHarness } from './storage-contract'
export {
  aCompany, aCustomer, anApiKey, aProduct, anInvoice, anInvoiceLine, aDocumentCategory, anIdempotencyRecord, anEvent, anAuditEntry,
} from './fixtures'
export { failsWith } from './fails-with'
export { createEngine, einvoiceScenarios, type Scenario } from './einvoice-scenarios'
