// Fills one company with `count` quotes quickly: one real quote made through the engine is
// copied with new ids, numbers, dates, statuses and customers, in transactions of 1,000.
import type { Actor, Invoicing, OrderDocument, OrderDocumentStatus, Storage } from '@invoicing/core'
import { seedProgress } from './seed-progress'

const STATUSES: OrderDocumentStatus[] = ['DRAFT', 'OPEN', 'ACCEPTED', 'REJECTED', 'EXPIRED', 'CANCELLED']
const BATCH = 1000

/** A quote as the engine answers it. */
type QuoteView = Awaited<ReturnType<Invoicing['orderDocuments']['create']>>

export async function seedQuotes(invoicing: Invoicing, storage: Storage, actor: Actor, customerIds: string[], count: number): Promise<void> {
  const template = await quoteTemplate(invoicing, actor, customerIds[0]!)
  await copyQuotes(storage, template, customerIds, { from: 0, to: count, onBatch: seedProgress('quotes', count) })
}

/** A quote of two lines made through the engine, the model every copy is made from. */
export const quoteTemplate = (invoicing: Invoicing, actor: Actor, customerId: string): Promise<QuoteView> =>
  invoicing.orderDocuments.create(actor, 'QUOTE', {
    customerId,
    lines: [
      { description: 'Bürostuhl', quantity: 4, unitPrice: '249.00', lineType: 'PRODUCT' },
      { description: 'Montage', quantity: '1.5', unitPrice: '80', unit: 'HUR', lineType: 'SERVICE' },
    ],
  })

/**
 * Copies `quote` (into its company) as the quotes numbered `from` up to `to` (excluded), as
 * copyInvoices does for invoices; `onBatch` hears the count after each commit.
 */
export async function copyQuotes(
  storage: Storage, quote: QuoteView, customerIds: string[],
  { from, to, onBatch }: { from: number, to: number, onBatch?: (copied: number) => void },
): Promise<void> {
  const { customer: _, derivedDocuments: __, precedingDocumentSummary: ___, ...template } = quote
  for (let start = from; start < to; start += BATCH) {
    await storage.transaction(async (tx) => {
      for (let index = start; index < Math.min(to, start + BATCH); index++) {
        const day = new Date(Date.UTC(2024, 0, 1) + (index % 1000) * 86_400_000).toISOString().slice(0, 10)
        const status = STATUSES[index % STATUSES.length]!
        const id = `quote${index.toString(36).padStart(8, '0')}`
        const copy: OrderDocument = {
          ...template,
          id,
          number: status === 'DRAFT' ? `ENTWURF-${id}` : `AN-${day.slice(0, 4)}-${String(index).padStart(6, '0')}`,
          numberIssued: status !== 'DRAFT',
          status,
          customerId: customerIds[index % customerIds.length]!,
          issueDate: day,
          validUntil: day,
          lines: template.lines.map((line, position) => ({ ...line, id: `${id}l${position}` })),
        }
        await tx.orderDocuments.insert(copy)
      }
    })
    onBatch?.(Math.min(to, start + BATCH) - from)
  }
}
