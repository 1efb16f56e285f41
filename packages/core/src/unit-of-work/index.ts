/** The unit of work: one transaction per use case, re-run on a conflict, with its events and claim. Other features import from here, not from the files inside. */
export { retryingConflicts, retryingTransaction } from './retrying-transaction'
export { createUnitOfWork, type UnitOfWork, type UnitOfWorkDeps } from './unit-of-work'
