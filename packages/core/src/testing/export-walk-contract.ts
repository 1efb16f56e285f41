import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Company } from '../companies'
import type { Customer } from '../customers'
import type { Invoice } from '../invoices'
import type { Payment } from '../payments'
import type { IssueDateCursor, IssueDateWalkQuery, PaymentDateCursor, Storage } from '../ports/storage'
import { anInvoice, aPayment } from './fixtures'

/** What the storage contract hands its walk cases. */
export interface ExportWalkContractContext {
  storage(): Storage
  storedCustomers(customers: Partial<Customer>[]): Promise<{ company: Company; customers: Customer[] }>
}

/** The cases of the reads the accounting exports walk: documents by issue date, payments by date, payments of several documents. */
export function exportWalkContract(context: ExportWalkContractContext): void {
  const storage = () => context.storage()
  const store = (invoices: Invoice[], payments: Payment[] = []) => storage().transaction(async (tx) => {
    for (const invoice of invoices) await tx.invoices.insert(invoice)
    for (const payment of payments) await tx.payments.insert(payment)
  })
  /** Every id of a walk read in stretches of `limit`, and how many stretches it took. */
  const walked = async (companyId: string, query: Omit<IssueDateWalkQuery, 'limit' | 'after'>, limit: number) => {
    const ids: string[] = []
    let after: IssueDateCursor | null = null
    for (let stretches = 1; ; stretches++) {
      const stretch: Awaited<ReturnType<Storage['invoices']['walkByIssueDate']>> = await storage().invoices.walkByIssueDate(companyId, { ...query, after, limit })
      ids.push(...stretch.items.map((invoice) => invoice.id))
      if (stretch.next === null) return { ids, stretches }
      after = stretch.next
    }
  }

  describe('export walks', () => {
    it('walks a period by issue date, number and id, in stretches, with lines, filtered by type and status', async () => {
      const { company, customers: [customer] } = await context.storedCustomers([{}])
      const { company: other, customers: [stranger] } = await context.storedCustomers([{}])
      const at = (issueDate: string, number: string, overrides: Partial<Invoice> = {}) =>
        anInvoice(company.id, customer!.id, { issueDate, number, documentType: 'INVOICE', status: 'SENT', ...overrides })
      const march2b = at('2026-03-02', 'RE-2')
      const march2a = at('2026-03-02', 'RE-10')
      const march1 = at('2026-03-01', 'RE-9', { documentType: 'CREDIT_NOTE' })
      const march31 = at('2026-03-31', 'RE-3', { status: 'PAID' })
      const february = at('2026-02-28', 'RE-1')
      const april = at('2026-04-01', 'RE-4')
      const proforma = at('2026-03-15', 'PF-1', { documentType: 'PROFORMA' })
      const umlaut = at('2026-03-15', 'RÉ-1')
      await store([march2b, march2a, march1, march31, february, april, proforma, umlaut, anInvoice(other.id, stranger!.id, { issueDate: '2026-03-05' })])
      const march = { from: '2026-03-01', to: '2026-03-31' }
      // '1' sorts before '2' in "RE-10" vs "RE-2": text order, as the numbers are stored; 'P' < 'R' < 'RÉ' by code point.
      const expected = [march1, march2a, march2b, proforma, umlaut, march31].map((invoice) => invoice.id)
      for (const limit of [1, 2, 5, 6, 100]) {
        const { ids, stretches } = await walked(company.id, march, limit)
        assert.deepEqual(ids, expected, `stretches of ${limit}`)
        assert.ok(stretches <= Math.floor(expected.length / limit) + 1, `stretches of ${limit}: ${stretches}`)
      }
      assert.deepEqual((await walked(company.id, { ...march, documentTypes: ['INVOICE', 'PROFORMA'] }, 2)).ids, [march2a, march2b, proforma, umlaut, march31].map((i) => i.id))
      assert.deepEqual((await walked(company.id, { ...march, documentTypes: [] }, 2)).ids, [])
      assert.deepEqual((await walked(company.id, { ...march, status: 'PAID' }, 2)).ids, [march31.id])
      const [first] = (await storage().invoices.walkByIssueDate(company.id, { ...march, limit: 1 })).items
      assert.deepEqual(first, march1)
    })

    it('orders numbers by code point, as UTF-8 bytes compare (a character beyond U+FFFF after U+FF21)', async () => {
      const { company, customers: [customer] } = await context.storedCustomers([{}])
      const beyond = anInvoice(company.id, customer!.id, { issueDate: '2026-06-01', number: 'X-\u{1F600}' })
      const fullWidth = anInvoice(company.id, customer!.id, { issueDate: '2026-06-01', number: 'X-\uFF21' })
      await store([beyond, fullWidth])
      assert.deepEqual((await walked(company.id, { from: '2026-06-01', to: '2026-06-01' }, 1)).ids, [fullWidth.id, beyond.id])
    })

    it('continues after its cursor: documents written meanwhile before it are not read, after it are, none twice', async () => {
      const { company, customers: [customer] } = await context.storedCustomers([{}])
      const at = (issueDate: string, number: string) => anInvoice(company.id, customer!.id, { issueDate, number })
      const existing = ['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04'].map((day, index) => at(day, `RE-${index}`))
      await store(existing)
      const query = { from: '2026-05-01', to: '2026-05-31', limit: 2 }
      const first = await storage().invoices.walkByIssueDate(company.id, query)
      const before = at('2026-05-01', 'RE-00')
      const later = at('2026-05-20', 'RE-9')
      await store([before, later])
      const second = await storage().invoices.walkByIssueDate(company.id, { ...query, after: first.next })
      const third = await storage().invoices.walkByIssueDate(company.id, { ...query, after: second.next })
      assert.deepEqual([...first.items, ...second.items, ...third.items].map((invoice) => invoice.id), [...existing, later].map((invoice) => invoice.id))
      assert.equal(third.next, null)
    })

    it('reads the payments of several documents at once, and walks payments by date', async () => {
      const { company, customers: [customer] } = await context.storedCustomers([{}])
      const { company: other, customers: [stranger] } = await context.storedCustomers([{}])
      const [a, b, c] = [1, 2, 3].map((n) => anInvoice(company.id, customer!.id, { number: `RE-${n}` }))
      const foreign = anInvoice(other.id, stranger!.id)
      const pay = (invoice: Invoice, paymentDate: string, minute: number) =>
        aPayment(invoice.companyId, invoice.id, { paymentDate, createdAt: new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString() })
      const payments = [pay(a!, '2026-03-05', 1), pay(a!, '2026-03-07', 2), pay(b!, '2026-03-05', 0), pay(c!, '2026-04-01', 3), pay(foreign, '2026-03-05', 4)]
      await store([a!, b!, c!, foreign], payments)
      const ofAB = await storage().payments.listByInvoices(company.id, [a!.id, b!.id])
      assert.deepEqual(ofAB.filter((p) => p.invoiceId === a!.id).map((p) => p.id), [payments[1]!.id, payments[0]!.id])
      assert.deepEqual(ofAB.filter((p) => p.invoiceId === b!.id), [payments[2]])
      assert.equal(ofAB.length, 3)
      assert.deepEqual(await storage().payments.listByInvoices(company.id, []), [])
      const ids: string[] = []
      let after: PaymentDateCursor | null = null
      do {
        const stretch: Awaited<ReturnType<Storage['payments']['walkByPaymentDate']>> = await storage().payments.walkByPaymentDate(company.id, { from: '2026-03-01', to: '2026-03-31', after, limit: 1 })
        ids.push(...stretch.items.map((payment) => payment.id))
        after = stretch.next
      } while (after !== null)
      assert.deepEqual(ids, [payments[2]!.id, payments[0]!.id, payments[1]!.id])
    })
  })
}
