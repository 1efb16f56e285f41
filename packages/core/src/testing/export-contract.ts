import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Company } from '../companies'
import type { Customer } from '../customers'
import type { Export } from '../exports'
import type { Storage, StorageTx } from '../ports/storage'

/** What the storage contract hands its export cases: the storage under test and its helpers. */
export interface ExportContractContext {
  storage(): Storage
  storedCustomers(customers: Partial<Customer>[]): Promise<{ company: Company; customers: Customer[] }>
  concurrently<T>(count: number, work: (tx: StorageTx, index: number) => Promise<T>): Promise<PromiseSettledResult<T>[]>
}

const page = { limit: 50, offset: 0 }
let exportCounter = 0

/** A COMPLETED CSV export of `companyId` made at `minute` past 10:00 on 2026-03-01. */
const anExport = (companyId: string, minute: number, overrides: Partial<Export> = {}): Export => ({
  id: `ex-contract-${++exportCounter}`,
  companyId,
  type: 'CSV',
  status: 'COMPLETED',
  parameters: { entity: 'invoices', from: '2026-01-01', to: '2026-01-31', dialect: 'excel-de', invoiceTypes: ['INVOICE'], onlyNotExported: false },
  file: { name: 'invoices_2026-01-01_2026-01-31.csv', contentType: 'text/csv; charset=utf-8', encoding: 'UTF-8', size: 1234, sha256: 'a'.repeat(64) },
  documentCount: 2,
  summary: { rows: 2, previouslyExported: 0 },
  createdAt: new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString(),
  createdByKeyId: null,
  voidedAt: null,
  voidReason: null,
  ...overrides,
})

/** The export cases of the storage contract: records, list filters and order, record markers, voiding. */
export function exportContract(context: ExportContractContext): void {
  const { storedCustomers, concurrently } = context
  const insert = (exported: Export, recordIds: readonly string[] = []) =>
    context.storage().transaction((tx) => tx.exports.insert(exported, recordIds))
  const listed = async (companyId: string, query: Record<string, unknown> = {}) =>
    (await context.storage().exports.list(companyId, { ...page, ...query })).items.map((exported) => exported.id)

  describe('exports', () => {
    it('round-trips every field, JSON parameters and summary, and nulls; another company gets nothing', async () => {
      const { company } = await storedCustomers([])
      const { company: other } = await storedCustomers([])
      const exported = anExport(company.id, 0, { createdByKeyId: 'key-1' })
      await insert(exported)
      assert.deepEqual(await context.storage().exports.get(company.id, exported.id), exported)
      assert.deepEqual(await context.storage().transaction((tx) => tx.exports.get(company.id, exported.id)), exported)
      assert.equal(await context.storage().exports.get(other.id, exported.id), undefined)
      assert.deepEqual(await listed(other.id), [])
    })

    it('lists newest first with type, status and createdAt filters, with the total of all matches', async () => {
      const { company } = await storedCustomers([])
      const first = anExport(company.id, 1)
      const second = anExport(company.id, 2, { status: 'VOIDED', voidedAt: new Date(Date.UTC(2026, 2, 1, 11)).toISOString(), voidReason: 'wrong period' })
      const third = anExport(company.id, 3, { type: 'DATEV' })
      for (const exported of [first, second, third]) await insert(exported)
      assert.deepEqual(await listed(company.id), [third.id, second.id, first.id])
      assert.deepEqual(await listed(company.id, { type: 'CSV' }), [second.id, first.id])
      assert.deepEqual(await listed(company.id, { status: 'VOIDED' }), [second.id])
      assert.deepEqual(await listed(company.id, { createdFrom: first.createdAt, createdBefore: third.createdAt }), [second.id, first.id])
      const limited = await context.storage().exports.list(company.id, { limit: 1, offset: 1 })
      assert.deepEqual(limited.items.map((exported) => exported.id), [second.id])
      assert.equal(limited.total, 3)
    })

    it('answers the records of COMPLETED exports of one type, each once; voiding frees them', async () => {
      const { company } = await storedCustomers([])
      const { company: other } = await storedCustomers([])
      const first = anExport(company.id, 1)
      const second = anExport(company.id, 2)
      await insert(first, ['r1', 'r2'])
      await insert(second, ['r2', 'r3'])
      await insert(anExport(company.id, 3, { type: 'DATEV' }), ['r4'])
      await insert(anExport(other.id, 4), ['r5'])
      const exported = async () => (await context.storage().exports.exportedRecordIds(company.id, 'CSV')).sort()
      assert.deepEqual(await exported(), ['r1', 'r2', 'r3'])
      assert.equal(await context.storage().transaction((tx) => tx.exports.markVoided(company.id, first.id, new Date().toISOString(), null)), true)
      assert.deepEqual(await exported(), ['r2', 'r3'])
      assert.deepEqual(await context.storage().exports.exportedRecordIds(company.id, 'DATEV'), ['r4'])
    })

    it('stores many records of one export', async () => {
      const { company } = await storedCustomers([])
      const recordIds = Array.from({ length: 12_000 }, (_, index) => `many-${index}`)
      await insert(anExport(company.id, 5), recordIds)
      assert.equal((await context.storage().exports.exportedRecordIds(company.id, 'CSV')).length, 12_000)
    })

    it('voids a COMPLETED export once: two voids at once, one true; another company or a voided export gives false', async () => {
      const { company } = await storedCustomers([])
      const { company: other } = await storedCustomers([])
      const exported = anExport(company.id, 6)
      await insert(exported)
      const voidedAt = new Date(Date.UTC(2026, 2, 2)).toISOString()
      assert.equal(await context.storage().transaction((tx) => tx.exports.markVoided(other.id, exported.id, voidedAt, null)), false)
      const results = await concurrently(2, (tx) => tx.exports.markVoided(company.id, exported.id, voidedAt, 'duplicate'))
      const answers = results.map((result) => (result.status === 'fulfilled' ? result.value : false))
      assert.deepEqual(answers.sort(), [false, true])
      assert.deepEqual(await context.storage().exports.get(company.id, exported.id), { ...exported, status: 'VOIDED', voidedAt, voidReason: 'duplicate' })
    })

    it('rolls the export and its records back with the transaction', async () => {
      const { company } = await storedCustomers([])
      const exported = anExport(company.id, 7)
      await assert.rejects(context.storage().transaction(async (tx) => {
        await tx.exports.insert(exported, ['rolled-back'])
        throw new Error('abort')
      }), /abort/)
      assert.equal(await context.storage().exports.get(company.id, exported.id), undefined)
      assert.deepEqual(await context.storage().exports.exportedRecordIds(company.id, 'CSV'), [])
    })
  })
}
