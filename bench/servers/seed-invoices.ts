// Fills one company with `count` invoices quickly: one real draft made through the engine is
// copied with new ids, numbers, dates, statuses and customers, in transactions of 1,000.
import type { Actor, Invoice, Invoicing, InvoiceStatus, Storage } from '@invoicing/core'
import { seedProgress } from './seed-progress'

const STATUSES: InvoiceStatus[] = ['DRAFT', 'FINAL', 'SENT', 'PAID', 'OVERDUE', 'CANCELLED']
const BATCH = 1000

/** An invoice as the engine answers it. */
type InvoiceView = Awaited<ReturnType<Invoicing['invoices']['create']>>

export async function seedInvoices(invoicing: Invoicing, storage: Storage, actor: Actor, customerIds: string[], count: number): Promise<Invoice> {
  const template = await invoiceTemplate(invoicing, actor, customerIds[0]!)
  await copyInvoices(storage, template, customerIds, { from: 0, to: count, onBatch: seedProgress('invoices', count) })
  return template
}

/** A draft of two lines made through the engine, the model every copy is made from. */
export const invoiceTemplate = (invoicing: Invoicing, actor: Actor, customerId: string): Promise<InvoiceView> =>
  invoicing.invoices.create(actor, {
    customerId,
    lines: [
      { description: 'Beratung\nvor Ort', quantity: 3, unitPrice: '95.50' },
      { description: 'Fachbuch', quantity: 1, unitPrice: '39.90', taxRate: 7 },
    ],
  })

/**
 * Copies `template` (into its company) as the invoices numbered `from` up to `to` (excluded):
 * copy `index` gets the id `<idPrefix><index>`, so ranges can be added later, and its number,
 * date, status and customer follow from `index`. `onBatch` hears the count after each commit.
 */
export async function copyInvoices(
  storage: Storage, template: InvoiceView, customerIds: string[],
  { from, to, idPrefix = 'seed', onBatch }: { from: number, to: number, idPrefix?: string, onBatch?: (copied: number) => void },
): Promise<void> {
  const { customer: _, payments: __, paidAmount: ___, ...invoice } = template
  for (let start = from; start < to; start += BATCH) {
    await storage.transaction(async (tx) => {
      for (let index = start; index < Math.min(to, start + BATCH); index++) {
        const day = new Date(Date.UTC(2024, 0, 1) + (index % 1000) * 86_400_000).toISOString().slice(0, 10)
        const status = STATUSES[index % STATUSES.length]!
        const id = `${idPrefix}${index.toString(36).padStart(8, '0')}`
        await tx.invoices.insert({
          ...invoice,
          id,
          number: status === 'DRAFT' ? `ENTWURF-${id}` : `RE-${day.slice(0, 4)}-${String(index).padStart(6, '0')}`,
          numberIssued: status !== 'DRAFT',
          status,
          customerId: customerIds[index % customerIds.length]!,
          issueDate: day,
          dueDate: day,
          lines: invoice.lines.map((line, position) => ({ ...line, id: `${id}l${position}` })),
        })
      }
    })
    onBatch?.(Math.min(to, start + BATCH) - from)
  }
}
