import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import { createInvoicing } from '../create-invoicing'
import type { DomainEvent } from '../events/domain-event'
import type { FileStore } from '../ports/files'
import type { Storage } from '../ports/storage'
import { anInvoice, createManualClock, createMemoryFileStore, createMemoryStorage } from '../testing'
import { exportFileKeyOf } from './export'
import { createExportService } from './export-service'
import { createEventBus } from '../events/event-bus'
import type { CoreDeps } from '../ports/deps'
import { cuidIds } from '../ports/ids'
import type { Clock } from '../ports/clock'

/** What a service needs, on `storage`, with a file store that notes the keys written. */
const depsWithFiles = (storage: Storage, clock: Clock, written: string[], files: FileStore = createMemoryFileStore()): CoreDeps => {
  return {
    storage, clock, ids: cuidIds, events: createEventBus(() => undefined), files: createMemoryFileStore(),
    documentFiles: { ...files, write: (key, source, expected) => { written.push(key); return files.write(key, source, expected) } },
    pdf: undefined, mail: undefined, onArchiveError: () => undefined,
  }
}

/**
 * An engine whose storage can be told to fail the transaction that stores an export (after
 * its bytes were written), and whose file store notes the keys written and can refuse deletes.
 */
async function setup() {
  const clock = createManualClock('2026-03-16T09:00:00.000Z')
  const memory = createMemoryStorage()
  let failExportInsert = false
  const storage: Storage = new Proxy(memory, {
    get(target, name, receiver) {
      if (name !== 'transaction') return Reflect.get(target, name, receiver)
      return <T>(work: Parameters<Storage['transaction']>[0]) => target.transaction((tx) => work(new Proxy(tx, {
        get(txTarget, txName, txReceiver) {
          const member = Reflect.get(txTarget, txName, txReceiver)
          if (txName !== 'exports' || !failExportInsert) return member
          return { ...member, insert: async () => { throw new Error('disk full') } }
        },
      })) as Promise<T>)
    },
  })
  const files = createMemoryFileStore()
  const written: string[] = []
  let refuseDeletes = false
  const documentFiles: FileStore = {
    ...files,
    write: (key, source, expected) => { written.push(key); return files.write(key, source, expected) },
    delete: async (key) => { if (refuseDeletes) throw new Error('store down'); return files.delete(key) },
  }
  const invoicing = createInvoicing({ storage, clock, documentFiles })
  const company = await invoicing.companies.create({ name: 'Export GmbH' })
  const actor = companyActor(company.id)
  const customer = await invoicing.customers.create(actor, { name: 'Kunde AG' })
  const events: DomainEvent[] = []
  invoicing.events.on('*', (event) => events.push(event))
  return {
    invoicing, actor, customer, events, files, written, memory, clock,
    failInsert: () => { failExportInsert = true },
    refuseDeletes: () => { refuseDeletes = true },
    noted: () => memory.fileDocuments.listFileDeletions('9999-12-31T00:00:00.000Z', 100),
  }
}

describe('export service', () => {
  it('stores the bytes, then the export with its event and audit entry, and keeps no note of the bytes', async () => {
    const { invoicing, actor, events, files, written, noted } = await setup()
    const exported = await invoicing.exports.create(actor, 'CSV', { entity: 'customers' })
    assert.deepEqual(written, [exportFileKeyOf({ companyId: actor.companyId, id: exported.id })])
    assert.equal((await files.get(written[0]!))?.byteLength, exported.file.size)
    assert.deepEqual(await noted(), [])
    assert.deepEqual(events.map((event) => [event.type, event.data.id]), [['export.created', exported.id]])
    const audit = await invoicing.audit.list(actor, { action: 'EXPORT_CREATED_VIA_API' })
    assert.deepEqual(audit.items.map((entry) => entry.targetId), [exported.id])
  })

  it('removes the bytes when the export cannot be stored, and leaves nothing else', async () => {
    const { invoicing, actor, events, files, written, noted, failInsert } = await setup()
    failInsert()
    await assert.rejects(invoicing.exports.create(actor, 'CSV', { entity: 'customers' }), /disk full/)
    assert.equal(written.length, 1)
    assert.equal(await files.get(written[0]!), undefined)
    assert.deepEqual(await noted(), [])
    assert.deepEqual(events, [])
    assert.equal((await invoicing.exports.list(actor)).total, 0)
  })

  it('keeps the note of bytes it could not remove, for the cleanup job', async () => {
    const { invoicing, actor, files, written, noted, failInsert, refuseDeletes } = await setup()
    failInsert()
    refuseDeletes()
    await assert.rejects(invoicing.exports.create(actor, 'CSV', { entity: 'customers' }), /disk full/)
    assert.ok(await files.get(written[0]!))
    assert.deepEqual(await noted(), [written[0]])
  })

  it('voids once: the second void is a status conflict, and export.voided is emitted once', async () => {
    const { invoicing, actor, events } = await setup()
    const exported = await invoicing.exports.create(actor, 'CSV', { entity: 'customers' })
    const voided = await invoicing.exports.void(actor, exported.id, { reason: 'falsch' })
    assert.deepEqual([voided.status, voided.voidReason, voided.voidedAt], ['VOIDED', 'falsch', '2026-03-16T09:00:00.000Z'])
    await assert.rejects(invoicing.exports.void(actor, exported.id, {}), (error: { code?: string; details?: { status?: string } }) =>
      error.code === 'status_conflict' && error.details?.status === 'VOIDED')
    assert.deepEqual(events.map((event) => event.type), ['export.created', 'export.voided'])
  })

  it('refuses an export of more documents than the limit, and keeps nothing of it', async () => {
    const { invoicing, actor, customer, written, memory, clock, noted } = await setup()
    for (const issueDate of ['2026-03-02', '2026-03-03']) {
      const invoice = await invoicing.invoices.create(actor, { customerId: customer.id, issueDate, lines: [{ description: 'x', unitPrice: '10' }] })
      await invoicing.invoices.update(actor, invoice.id, { status: 'FINAL' })
    }
    const limitedFiles = createMemoryFileStore()
    const limited = createExportService(depsWithFiles(memory, clock, written, limitedFiles), { maxDocuments: 1 })
    await assert.rejects(limited.create(actor, 'CSV', { entity: 'invoices', from: '2026-03-01', to: '2026-03-31' }), (error: { code?: string; details?: { maxDocuments?: number } }) =>
      error.code === 'export_too_large' && error.details?.maxDocuments === 1)
    assert.equal(written.length, 1)
    assert.equal(await limitedFiles.get(written[0]!), undefined)
    assert.deepEqual(await noted(), [])
    assert.equal((await invoicing.exports.list(actor)).total, 0)
    const progress: number[] = []
    const allowed = createExportService(depsWithFiles(memory, clock, written), { maxDocuments: 2, onProgress: ({ documents }) => progress.push(documents) })
    assert.equal((await allowed.create(actor, 'CSV', { entity: 'invoices', from: '2026-03-01', to: '2026-03-31' })).documentCount, 2)
    assert.deepEqual(progress, [])
  })

  it('reports its progress every so many documents while it writes', async () => {
    const { invoicing, actor, customer, memory, clock, written } = await setup()
    await memory.transaction(async (tx) => {
      for (let index = 0; index < 601; index++) {
        await tx.invoices.insert(anInvoice(actor.companyId, customer.id, { id: `p${index}`, number: `RE-${String(index).padStart(6, '0')}`, documentType: 'INVOICE', issueDate: '2026-04-01' }))
      }
    })
    const progress: unknown[] = []
    const reporting = createExportService(depsWithFiles(memory, clock, written), { onProgress: (report) => progress.push(report), progressEvery: 200 })
    const exported = await reporting.create(actor, 'CSV', { entity: 'invoices', from: '2026-04-01', to: '2026-04-30' })
    assert.equal(exported.documentCount, 601)
    assert.deepEqual(progress, [200, 400, 600].map((documents) => ({ exportId: exported.id, type: 'CSV', documents })))
    assert.equal((await invoicing.exports.get(actor, exported.id)).summary.rows, 601)
  })
})
