import { InvoicingError } from '../errors'

const SCOPED_GROUPS = [
  'invoices', 'customers', 'products', 'quotes', 'order-confirmations', 'delivery-notes', 'orders',
  'recurring-schedules', 'documents', 'exports', 'webhooks',
] as const

/** The 23 scopes: read and write per group, plus `company:read`. */
export const SCOPES = [
  ...SCOPED_GROUPS.flatMap((group) => [`${group}:read`, `${group}:write`] as const),
  'company:read',
] as const satisfies readonly string[]

export type Scope = (typeof SCOPES)[number]

export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value)

/**
 * Throws `insufficient_scope` unless `granted` holds every scope in `required`. A `:write` scope
 * does not include `:read`.
 */
export function requireScopes(granted: readonly Scope[], required: readonly Scope[]): void {
  const missing = required.filter((scope) => !granted.includes(scope))
  if (missing.length > 0) {
    throw new InvoicingError('insufficient_scope', `This API key lacks the scope ${missing.join(', ')}`, {
      requiredScopes: [...required],
    })
  }
}
