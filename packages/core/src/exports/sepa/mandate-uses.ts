import type { UnitOfWork } from '../../unit-of-work'
import type { Export } from '../export'

/** A customer's `sepaMandateLastUsedAt` before an export moved it: what voiding the export restores. */
export interface MandateUse {
  customerId: string
  sepaMandateLastUsedAt: string | null
}

const collectionDateOf = (exported: Export): string => exported.parameters.collectionDate as string
const invoiceIdsOf = (exported: Export): string[] =>
  (exported.summary.transactions as { invoiceId: string }[] | undefined ?? []).map((transaction) => transaction.invoiceId)

/**
 * In the export's transaction: each collected customer's mandate was last used on the
 * collection date (never moved back by an earlier date), and the export keeps the values
 * before in `summary.previousMandateUses`.
 */
export async function recordMandateUses(unit: UnitOfWork, exported: Export): Promise<Export> {
  const collectionDate = collectionDateOf(exported)
  const customerIds = new Set<string>()
  for (const invoiceId of invoiceIdsOf(exported)) {
    const invoice = await unit.tx.invoices.get(exported.companyId, invoiceId)
    if (invoice) customerIds.add(invoice.customerId)
  }
  const previous: MandateUse[] = []
  for (const customerId of customerIds) {
    const customer = await unit.tx.customers.get(exported.companyId, customerId)
    if (!customer) continue
    previous.push({ customerId, sepaMandateLastUsedAt: customer.sepaMandateLastUsedAt })
    if (customer.sepaMandateLastUsedAt === null || customer.sepaMandateLastUsedAt < collectionDate) {
      await unit.tx.customers.update({ ...customer, sepaMandateLastUsedAt: collectionDate })
    }
  }
  return { ...exported, summary: { ...exported.summary, previousMandateUses: previous } }
}

/**
 * In the void's transaction: each customer the export moved gets its value before back, unless
 * a later export has moved it on since (its value is then no longer this collection date).
 */
export async function restoreMandateUses(unit: UnitOfWork, exported: Export): Promise<void> {
  const collectionDate = collectionDateOf(exported)
  for (const { customerId, sepaMandateLastUsedAt } of (exported.summary.previousMandateUses as MandateUse[] | undefined) ?? []) {
    const customer = await unit.tx.customers.get(exported.companyId, customerId)
    if (customer && customer.sepaMandateLastUsedAt === collectionDate) await unit.tx.customers.update({ ...customer, sepaMandateLastUsedAt })
  }
}
