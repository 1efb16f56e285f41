// Fills one company with `count` quotes quickly: one real quote made through the engine is
// copied with new ids, numbers, dates, statuses and customers, in transactions of 1,000.
import type { Actor, Invoicing, OrderDocument, OrderDocumentStatus, Storage } from '@invoicing/core'

const STATUSES: OrderDocumentStatus[] = ['DRAFT', 'OPEN', 'ACCEPTED', 'REJECTED', 'EXPIRED', 'CANCELLED']
const BATCH = 1000

export async function seedQuotes(invoicing: Invoicing, storage: Storage, actor: Actor, customerIds: string[], count: number): Promise<void> {
  const { customer: _, derivedDocuments: __, precedingDocumentSummary: ___, ...template } = await invoicing.orderDocuments.create(actor, 'QUOTE', {
    customerId: customerIds[0]!,
    lines: [
      { description: 'Bürostuhl', quantity: 4, unitPrice: '249.00', lineType: 'PRODUCT' },
      { description: 'Montage', quantity: '1.5', unitPrice: '80', unit: 'HUR', lineType: 'SERVICE' },
    ],
  })
  for (let start = 0; start < count; start += BATCH) {
    await storage.transaction(async (tx) => {
      for (let index = start; index < Math.min(count, start + BATCH); index++) {
        const day = new Date(Date.UTC(2024, 0, 1) + (index % 1000) * 86_400_000).toISOString().slice(0, 10)
        const status = STATUSES[index % STATUSES.length]!
        const id = `quote${index.toString(36).padStart(8, '0')}`
        const quote: OrderDocument = {
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
        await tx.orderDocuments.insert(quote)
      }
    })
  }
}
