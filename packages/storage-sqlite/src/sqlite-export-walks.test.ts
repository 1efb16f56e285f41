import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { aCompany, aCustomer, anInvoice, aPayment } from '@invoicing/core/testing'
import { issueDateWalkQuery } from '@invoicing/storage-sql/queries'
import { paymentDateWalkQuery } from '@invoicing/storage-sql/queries'
import { planTestDatabase, queryBuilder, type CompilableQuery, type PlanTestDatabase } from './testing/query-plans'

describe('query plans of the export walks', () => {
  let database: PlanTestDatabase
  const plan = (query: CompilableQuery) => database.plan(query)

  before(async () => {
    const company = aCompany()
    const customer = aCustomer(company.id)
    database = await planTestDatabase('walk', async (tx) => {
      await tx.companies.insert(company)
      await tx.customers.insert(customer)
      for (let index = 0; index < 200; index++) {
        const invoice = anInvoice(company.id, customer.id, { issueDate: `2026-01-${String(1 + (index % 28)).padStart(2, '0')}` })
        await tx.invoices.insert(invoice)
        await tx.payments.insert(aPayment(company.id, invoice.id))
      }
    })
  })
  after(() => database.close())

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
