// The queries behind the lists, walks and queues, for an adapter's tests to check how its
// database plans them (which index serves which filter and order).
export { invoiceListQueries, issueDateWalkQuery, linesQuery } from './repositories/invoice-list'
export { derivedFromQuery } from './repositories/invoice-derived'
export { orderDocumentLinesQuery, orderDocumentListQueries } from './repositories/order-document-list'
export { paymentDateWalkQuery } from './repositories/payments'
export { attachmentsQuery, documentListQueries, fileDeletionsDueQuery, pendingCreatedBeforeQuery } from './repositories/file-documents'
export { dueSchedulesQuery, occurrenceListQueries, scheduleListQueries, sendsDueQuery } from './repositories/recurring-schedules'
