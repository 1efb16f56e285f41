import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sepaScenarios } from '../../testing/sepa-scenarios'

/** Ids 1, 2, 3, … padded: the same on every run. */
const countingIds = () => {
  let next = 0
  return { next: () => `id${String(++next).padStart(10, '0')}` }
}

describe('SEPA export files', () => {
  it('are byte-identical for the same data, parameters, clock and ids', async () => {
    const [first, second] = [await sepaScenarios({ idsOf: countingIds }), await sepaScenarios({ idsOf: countingIds })]
    assert.equal(first.length, 8)
    assert.deepEqual(second.map((file) => file.xml), first.map((file) => file.xml))
    assert.deepEqual(second.map((file) => file.exported.file.sha256), first.map((file) => file.exported.file.sha256))
  })

  it('hold the amount due, the control sums of each block and of the file, and one Ustrd per transaction', async () => {
    const [, second] = await sepaScenarios()
    const { xml, exported } = second!
    const summary = exported.summary as { controlSum: string; numberOfTransactions: number; paymentInformations: { sum: string; count: number }[]; transactions: { amount: string }[] }
    const cents = (amounts: readonly string[]) => amounts.reduce((total, amount) => total + Math.round(Number(amount) * 100), 0)
    assert.equal(cents([summary.controlSum]), cents(summary.transactions.map((transaction) => transaction.amount)))
    assert.equal(cents([summary.controlSum]), cents(summary.paymentInformations.map((block) => block.sum)))
    // 100 + 19 % VAT = 119.00, of which 19.01 is paid: 99.99 is collected.
    assert.ok(summary.transactions.some((transaction) => transaction.amount === '99.99'))
    assert.equal((xml.match(/<Ustrd>/g) ?? []).length, summary.numberOfTransactions)
    assert.equal((xml.match(/<PmtInf>/g) ?? []).length, summary.paymentInformations.length)
    assert.ok(xml.includes(`<CtrlSum>${summary.controlSum}</CtrlSum>`))
  })
})
