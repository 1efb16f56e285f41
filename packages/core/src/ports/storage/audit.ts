import type { AuditAction, AuditEntry } from '../../audit'
import type { Page, PageRequest } from '../../shared/pagination'

export interface AuditQuery extends PageRequest {
  targetId?: string | undefined
  action?: AuditAction | undefined
}

export interface AuditReader {
  /** A company's entries, newest first; entries of the same instant (one transaction's) the later stored first. */
  list(companyId: string, query: AuditQuery): Promise<Page<AuditEntry>>
}

export interface AuditLog extends AuditReader {
  append(entry: AuditEntry): Promise<void>
}
