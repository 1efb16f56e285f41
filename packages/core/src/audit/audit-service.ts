import * as v from 'valibot'
import type { Actor } from '../access'
import type { CoreDeps } from '../ports/deps'
import { boundedString } from '../shared/fields'
import { pageEntries, type Page } from '../shared/pagination'
import { aliased, parseInput } from '../shared/validation'
import { AUDIT_ACTIONS, type AuditEntry } from './audit-entry'

export const AuditListQuerySchema = aliased(v.object({
  targetId: v.optional(v.pipe(boundedString(100), v.description('Entries about this record, e.g. an invoice id'))),
  action: v.optional(v.pipe(boundedString(40), v.toUpperCase(), v.picklist(AUDIT_ACTIONS), v.description('Case-insensitive'))),
  ...pageEntries,
}))

export type AuditListQueryInput = v.InferInput<typeof AuditListQuerySchema>

/** Reading the audit trail: what each API action changed, by which key, newest first. */
export function createAuditService({ storage }: Pick<CoreDeps, 'storage'>) {
  return {
    async list(actor: Actor, query: AuditListQueryInput = {}): Promise<Page<AuditEntry>> {
      return storage.audit.list(actor.companyId, parseInput(AuditListQuerySchema, query ?? {}))
    },
  }
}
