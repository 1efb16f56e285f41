// The queries behind the lists, walks and queues, for an adapter's tests to check how its
// database plans them (which index serves which filter and order), and a document's row as
// stored, for tests that write the rows of an older schema.
export { invoiceListQueries, issueDateWalkQuery, linesQuery } from './repositories/invoice-list'
export { derivedFromQuery } from './repositories/invoice-derived'
export { invoiceToRow } from './repositories/invoice-rows'
export type { DocumentNeedle } from './repositories/document-search'
export { stemsQuery } from './repositories/document-stems'
export { orderDocumentLinesQuery, orderDocumentListQueries } from './repositories/order-document-list'
export { paymentDateWalkQuery } from './repositories/payments'
export { attachmentsQuery, documentListQueries, fileDeletionsDueQuery, pendingCreatedBeforeQuery } from './repositories/file-documents'
export { dueSchedulesQuery, occurrenceListQueries, scheduleListQueries, sendsDueQuery } from './repositories/recurring-schedules'
