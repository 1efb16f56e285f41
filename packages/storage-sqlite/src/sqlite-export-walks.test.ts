import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Storage } from '@invoicing/core'
import { aCompany, aCustomer, anInvoice, aPayment } from '@invoicing/core/testing'
import BetterSqlite3 from 'better-sqlite3'
import { createSqliteStorage } from './create-sqlite-storage'
import { issueDateWalkQuery } from './repositories/invoice-list'
import { paymentDateWalkQuery } from './repositories/payments'
import { planOf, queryBuilder } from './testing/query-plans'

describe('query plans of the export walks', () => {
  let folder: string
  let storage: Storage
  let raw: BetterSqlite3.Database
  const plan = (query: Parameters<typeof planOf>[1]) => planOf(raw, query)

  before(async () => {
    // Plans as production makes them: real schema and some data, no ANALYZE statistics.
    folder = mkdtempSync(join(tmpdir(), 'invoicing-walk-plans-'))
    const filename = join(folder, 'plans.sqlite')
    storage = await createSqliteStorage({ filename })
    const company = aCompany()
    const customer = aCustomer(company.id)
    await storage.transaction(async (tx) => {
      await tx.companies.insert(company)
      await tx.customers.insert(customer)
      for (let index = 0; index < 200; index++) {
        const invoice = anInvoice(company.id, customer.id, { issueDate: `2026-01-${String(1 + (index % 28)).padStart(2, '0')}` })
        await tx.invoices.insert(invoice)
        await tx.payments.insert(aPayment(company.id, invoice.id))
      }
    })
    raw = new BetterSqlite3(filename, { readonly: true })
  })
  after(async () => {
    raw.close()
    await storage.close()
    rmSync(folder, { recursive: true, force: true })
  })

  const cursor = { issueDate: '2026-01-10', number: 'RE-5', id: 'x' }
  for (const [name, extra] of [['from the start', {}], ['after a cursor', { after: cursor }], ['of two types after a cursor', { after: cursor, documentTypes: ['INVOICE', 'CREDIT_NOTE'] as const }]] as const) {
    it(`walks documents ${name} through invoice_issue_walk, in its order, with no sort`, () => {
      const steps = plan(issueDateWalkQuery(queryBuilder, 'co1', { from: '2026-01-01', to: '2026-12-31', limit: 500, ...extra }))
      assert.equal(steps.length, 1, steps.join('\n'))
      assert.match(steps[0]!, /^SEARCH invoice USING INDEX invoice_issue_walk \(company_id=\? AND /)
    })
  }

  it('walks payments by date through payment_date_walk, with no sort', () => {
    const after = { paymentDate: '2026-01-05', createdAt: '2026-01-05T00:00:00.000Z', id: 'p' }
    const steps = plan(paymentDateWalkQuery(queryBuilder, 'co1', { from: '2026-01-01', to: '2026-12-31', after, limit: 500 }))
    assert.equal(steps.length, 1, steps.join('\n'))
    assert.match(steps[0]!, /^SEARCH payment USING INDEX payment_date_walk /)
  })
})
