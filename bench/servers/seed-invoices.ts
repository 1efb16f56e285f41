// Fills one company with `count` invoices quickly: one real draft made through the engine is
// copied with new ids, numbers, dates, statuses and customers, in transactions of 1,000.
import type { Actor, Invoice, Invoicing, InvoiceStatus, Storage } from '@invoicing/core'

const STATUSES: InvoiceStatus[] = ['DRAFT', 'FINAL', 'SENT', 'PAID', 'OVERDUE', 'CANCELLED']
const BATCH = 1000

export async function seedInvoices(invoicing: Invoicing, storage: Storage, actor: Actor, customerIds: string[], count: number): Promise<Invoice> {
  const template = await invoicing.invoices.create(actor, {
    customerId: customerIds[0]!,
    lines: [
      { description: 'Beratung\nvor Ort', quantity: 3, unitPrice: '95.50' },
      { description: 'Fachbuch', quantity: 1, unitPrice: '39.90', taxRate: 7 },
    ],
  })
  const { customer: _, payments: __, paidAmount: ___, ...invoice } = template
  for (let start = 0; start < count; start += BATCH) {
    await storage.transaction(async (tx) => {
      for (let index = start; index < Math.min(count, start + BATCH); index++) {
        const day = new Date(Date.UTC(2024, 0, 1) + (index % 1000) * 86_400_000).toISOString().slice(0, 10)
        const status = STATUSES[index % STATUSES.length]!
        const id = `seed${index.toString(36).padStart(8, '0')}`
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
  }
  return template
}
