import { AUDIT_ACTIONS, AuditListQuerySchema, type AuditEntry, type Invoicing } from '@invoicing/core'
import * as v from 'valibot'
import { listOf, listSchema, nullableString, timestamp } from '../responses/shapes'
import { defineRoute } from './route'

const toAuditEntryResponse = ({ companyId: _, ...entry }: AuditEntry) => entry

const AuditEntryResponseSchema = v.strictObject({
  id: v.string(),
  apiKeyId: v.pipe(nullableString, v.description('The key that acted; null for the company itself (CLI, embedding code)')),
  action: v.picklist(AUDIT_ACTIONS),
  targetType: v.pipe(v.string(), v.description('e.g. invoice, payment')),
  targetId: v.string(),
  createdAt: timestamp,
  details: v.pipe(v.record(v.string(), v.unknown()), v.description('What the action changed; cancellations name the owner they are attributed to (attributedToApiKeyId)')),
})

export const auditLogRoutes = ({ audit }: Invoicing) => [
  defineRoute({
    method: 'get', path: '/audit-log', tag: 'company', operationId: 'listAuditLog', summary: 'The audit trail of API actions',
    description: 'Newest first. Each entry is written in the transaction of its action. target_id and action filter (AND). The engine has no user accounts: a cancellation is attributed to the company\'s owner, its earliest API key (details.attributedToApiKeyId), while apiKeyId names the key that acted.',
    scopes: ['company:read'],
    query: AuditListQuerySchema,
    responses: { 200: { description: 'A page of audit entries', schema: listSchema(AuditEntryResponseSchema) } },
    handle: async ({ principal, query }) => ({ body: listOf(await audit.list(principal.actor, query), toAuditEntryResponse) }),
  }),
]
