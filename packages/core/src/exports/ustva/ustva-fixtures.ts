import { companyActor } from '../../access'
import type { CompanyCreateInput } from '../../companies'
import { createInvoicing } from '../../create-invoicing'
import { createManualClock, createMemoryStorage } from '../../testing'

/**
 * A German company on the memory adapter with the customers of every tax case, and helpers
 * that issue documents as a user would (create, then FINAL). For the UStVA tests.
 */
export async function ustvaCompany(company: Partial<CompanyCreateInput> = {}) {
  const clock = createManualClock('2026-06-30T09:00:00.000Z')
  const storage = createMemoryStorage()
  const invoicing = createInvoicing({ storage, clock })
  const companyId = (await invoicing.companies.create({ name: 'Muster GmbH', vatId: 'DE123456789', taxNumber: '143/123/12345', ...company } as CompanyCreateInput)).id
  const actor = companyActor(companyId)
  const customers = {
    de: await invoicing.customers.create(actor, { name: 'Kunde AG', country: 'DE' }),
    fr: await invoicing.customers.create(actor, { name: 'Client SA', country: 'FR', vatId: 'FR40303265045' }),
    frWithoutVatId: await invoicing.customers.create(actor, { name: 'Client privé', country: 'FR' }),
    us: await invoicing.customers.create(actor, { name: 'US Inc', country: 'US' }),
  }
  /** An issued invoice; `net` at `taxRate` on one line unless `lines` are given. */
  const invoice = async (input: Record<string, unknown> & { issueDate: string }) => {
    const draft = await invoicing.invoices.create(actor, { customerId: customers.de.id, lines: [{ description: 'Leistung', unitPrice: '100' }], ...input } as never)
    return (await invoicing.invoices.update(actor, draft.id, { status: 'FINAL' })).invoice
  }
  /** An issued credit note: amounts are given positive and stored negative. */
  const creditNote = async (input: Record<string, unknown> & { issueDate: string }) => {
    const draft = await invoicing.creditNotes.create(actor, { recipientId: customers.de.id, ...input } as never)
    return (await invoicing.creditNotes.update(actor, draft.id, { status: 'FINAL' })).invoice
  }
  const line = (unitPrice: string, taxRate = '19') => ({ description: 'Leistung', unitPrice, taxRate })
  const ustva = async (input: Record<string, unknown>) => {
    const exported = await invoicing.exports.create(actor, 'USTVA', input)
    const file = await invoicing.exports.file(actor, exported.id)
    const chunks: Uint8Array[] = []
    for await (const chunk of file.content.stream) chunks.push(chunk)
    const bytes = Buffer.concat(chunks)
    return { exported, summary: exported.summary as unknown as UstvaSummary, bytes, text: bytes.toString('utf8') }
  }
  return { invoicing, storage, clock, actor, companyId, customers, invoice, creditNote, line, ustva }
}

export interface KennzahlFigures {
  kz: string
  label: string
  base: number
  baseWholeEuros: number
  tax: number
  taxAtStatutoryRate: number | null
  documentCount: number
}

export interface UstvaSummary {
  year: number
  period: string
  periodStart: string
  periodEnd: string
  basis: string
  taxNumber: string | null
  vatId: string | null
  kennzahlen: KennzahlFigures[]
  inputTax: number | null
  kz83: number | null
  excluded: { taxCase: string; base: number; tax: number; documentCount: number }[]
  notCovered: string[]
  warnings: { code: string; documentId?: string; documentNumber?: string }[]
}

export interface DocumentContribution {
  id: string
  number: string
  kz: string | null
  excluded?: string
  base: number
  tax: number
}

/** Kennzahl → [base, baseWholeEuros, tax, taxAtStatutoryRate, documentCount]: the figures a test states by hand. */
export const figuresOf = (summary: Pick<UstvaSummary, 'kennzahlen'>) =>
  Object.fromEntries(summary.kennzahlen.map((each) => [each.kz, [each.base, each.baseWholeEuros, each.tax, each.taxAtStatutoryRate, each.documentCount]]))
