/** Audit log: who changed what, and on whose behalf. Other features import from here, not from the files inside. */
export { type AuditAction, type AuditEntry } from './audit-entry'
export { ownerAttribution } from './owner-attribution'
