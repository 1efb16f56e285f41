import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import { createInvoicing } from '../create-invoicing'
import type { DomainEvent } from '../events/domain-event'
import { createMemoryMailbox } from '../mail/memory-mailbox'
import { createManualClock, createMemoryStorage, createRecordingRenderer, failsWith } from '../testing'

async function setup(company: Record<string, unknown> = {}, at = '2026-01-10T09:00:00.000Z') {
  const clock = createManualClock(at)
  const storage = createMemoryStorage()
  const mailbox = createMemoryMailbox()
  const invoicing = createInvoicing({ storage, clock, pdf: createRecordingRenderer(), mail: { transport: mailbox }, recurringSendRetryDelaysMs: [60_000, 600_000, 3_600_000] })
  const actor = companyActor((await invoicing.companies.create({ name: 'Abo GmbH', vatId: 'DE123456789', email: 'abo@example.de', ...company })).id)
  const customer = await invoicing.customers.create(actor, { name: 'Kunde AG', country: 'DE', email: 'kunde@example.de' })
  const events: DomainEvent[] = []
  invoicing.events.on('*', (event) => events.push(event))
  const schedules = invoicing.recurringSchedules
  const create = (input: Record<string, unknown> = {}) => schedules.create(actor, {
    name: 'Wartungsvertrag', customerId: customer.id, startDate: '2026-01-15',
    template: { lines: [{ description: 'Wartung {{monthName}} {{year}} ({{periodStart}}–{{periodEnd}})', unitPrice: '100' }] },
    ...input,
  } as never)
  const invoicesOf = async () => (await invoicing.invoices.list(actor, { limit: 100 })).items
    .filter((invoice) => invoice.recurringScheduleId !== null).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.number.localeCompare(b.number))
  return { clock, storage, mailbox, invoicing, actor, customer, events, schedules, create, invoicesOf }
}

describe('recurring schedules: create and validate', () => {
  it('starts ACTIVE with the first date as nextRunDate and the template priced today', async () => {
    const { create, events } = await setup()
    const schedule = await create()
    assert.deepEqual([schedule.status, schedule.nextRunDate, schedule.grossTotal], ['ACTIVE', '2026-01-15', '119.00'])
    assert.deepEqual(events.map((event) => event.type), ['recurring_schedule.created'])
  })

  it('refuses a start in the past, template dates, monthEnd with weeks, an end before the start, and template lines as POST /invoices does', async () => {
    const { create } = await setup()
    await assert.rejects(create({ startDate: '2026-01-09' }), failsWith('start_date_in_past', { field: 'startDate' }))
    await assert.rejects(create({ template: { issueDate: '2026-01-01', lines: [{ unitPrice: 1 }] } }), failsWith('field_not_allowed', { field: 'template.issueDate' }))
    await assert.rejects(create({ template: { due_date: '2026-01-01', lines: [{ unitPrice: 1 }] } }), failsWith('field_not_allowed', { field: 'template.dueDate' }))
    await assert.rejects(create({ intervalUnit: 'WEEK', monthEnd: true }), failsWith('validation_failed', { field: 'monthEnd' }))
    await assert.rejects(create({ intervalUnit: 'MONTH', intervalCount: 37 }), failsWith('validation_failed', { field: 'intervalCount' }))
    await assert.rejects(create({ endDate: '2026-01-14' }), failsWith('invalid_end_date'))
    await assert.rejects(create({ template: { lines: [{ quantity: -1 }] } }), failsWith('validation_failed', { field: 'template.lines.0.quantity' }))
    await assert.rejects(create({ template: { lines: [{ productId: 'missing' }] } }), failsWith('not_found', { field: 'template.lines.0.productId', lineIndex: 0 }))
    await assert.rejects(create({ issueMode: 'SEND', customerId: undefined }), failsWith('validation_failed'))
  })
})

describe('recurring schedules: the scheduler', () => {
  it('creates the missed invoices of a three-month outage in date order with ascending numbers (ALL)', async () => {
    const { clock, invoicing, create, invoicesOf, events } = await setup()
    const schedule = await create({ issueMode: 'FINALIZE', startDate: '2026-01-31' })
    clock.set('2026-04-15T09:00:00.000Z')
    const report = await invoicing.scheduler.tick()
    assert.deepEqual([report.created, report.skipped], [3, 0])
    const invoices = await invoicesOf()
    assert.deepEqual(invoices.map((invoice) => invoice.recurringOccurrenceDate), ['2026-01-31', '2026-02-28', '2026-03-31'])
    assert.deepEqual(invoices.map((invoice) => invoice.number), ['RE-2026-00001', 'RE-2026-00002', 'RE-2026-00003'])
    assert.deepEqual(invoices.map((invoice) => [invoice.servicePeriodStart, invoice.servicePeriodEnd]),
      [['2026-01-31', '2026-02-27'], ['2026-02-28', '2026-03-30'], ['2026-03-31', '2026-04-29']])
    assert.equal(invoices[1]!.lines[0]!.description, 'Wartung Februar 2026 (28.02.2026–30.03.2026)')
    assert.deepEqual(invoices.map((invoice) => [invoice.issueDate, invoice.status]), Array(3).fill(['2026-04-15', 'FINAL']))
    const read = await invoicing.recurringSchedules.get(companyActor(schedule.companyId), schedule.id)
    assert.deepEqual([read.nextRunDate, read.occurrencesCreated, read.lastRunAt], ['2026-04-30', 3, '2026-04-15T09:00:00.000Z'])
    assert.equal(events.filter((event) => event.type === 'recurring_schedule.occurrence_created').length, 3)
    // Ticking again creates nothing more.
    assert.deepEqual((await invoicing.scheduler.tick()).created, 0)
  })

  it('creates only the latest and records the others SKIPPED (LATEST)', async () => {
    const { clock, invoicing, actor, create, invoicesOf } = await setup()
    const schedule = await create({ catchUpMode: 'LATEST' })
    clock.set('2026-04-15T09:00:00.000Z')
    await invoicing.scheduler.tick()
    assert.deepEqual((await invoicesOf()).map((invoice) => invoice.recurringOccurrenceDate), ['2026-04-15'])
    const occurrences = (await invoicing.recurringSchedules.occurrences(actor, schedule.id)).items
    assert.deepEqual(occurrences.map((occurrence) => [occurrence.sequence, occurrence.occurrenceDate, occurrence.status, occurrence.skipReason]), [
      [4, '2026-04-15', 'CREATED', null], [3, '2026-03-15', 'SKIPPED', 'MISSED'], [2, '2026-02-15', 'SKIPPED', 'MISSED'], [1, '2026-01-15', 'SKIPPED', 'MISSED'],
    ])
  })

  it('never invoices the span a schedule was paused', async () => {
    const { clock, invoicing, actor, create, invoicesOf, events } = await setup()
    const schedule = await create()
    clock.set('2026-01-20T09:00:00.000Z')
    await invoicing.scheduler.tick()
    await invoicing.recurringSchedules.update(actor, schedule.id, { status: 'PAUSED' })
    clock.set('2026-04-01T09:00:00.000Z')
    assert.equal((await invoicing.scheduler.tick()).created, 0)
    const resumed = await invoicing.recurringSchedules.update(actor, schedule.id, { status: 'ACTIVE' })
    assert.deepEqual([resumed.status, resumed.nextRunDate], ['ACTIVE', '2026-04-15'])
    assert.ok(events.some((event) => event.type === 'recurring_schedule.resumed'))
    clock.set('2026-04-15T09:00:00.000Z')
    await invoicing.scheduler.tick()
    assert.deepEqual((await invoicesOf()).map((invoice) => invoice.recurringOccurrenceDate), ['2026-01-15', '2026-04-15'])
    const skipped = (await invoicing.recurringSchedules.occurrences(actor, schedule.id)).items.filter((occurrence) => occurrence.status === 'SKIPPED')
    assert.deepEqual(skipped.map((occurrence) => [occurrence.occurrenceDate, occurrence.skipReason]), [['2026-03-15', 'PAUSED'], ['2026-02-15', 'PAUSED']])
  })

  it('completes at maxOccurrences, and refuses to delete a schedule that has occurrences', async () => {
    const { clock, invoicing, actor, create, events } = await setup()
    const schedule = await create({ maxOccurrences: 2 })
    clock.set('2026-06-01T09:00:00.000Z')
    await invoicing.scheduler.tick()
    const done = await invoicing.recurringSchedules.get(actor, schedule.id)
    assert.deepEqual([done.status, done.nextRunDate, done.occurrenceCount], ['COMPLETED', null, 2])
    assert.ok(events.some((event) => event.type === 'recurring_schedule.completed'))
    await assert.rejects(invoicing.recurringSchedules.delete(actor, schedule.id), failsWith('schedule_has_occurrences'))
    await assert.rejects(invoicing.recurringSchedules.update(actor, schedule.id, { startDate: '2026-07-01' }), failsWith('field_locked', { field: 'startDate' }))
    const resumed = await invoicing.recurringSchedules.update(actor, schedule.id, { status: 'ACTIVE', maxOccurrences: 3 })
    assert.deepEqual([resumed.status, resumed.nextRunDate], ['ACTIVE', '2026-03-15'])
  })

  it('records a used-up quota as a FAILED occurrence with the draft kept, and goes on', async () => {
    const { clock, invoicing, actor, create, invoicesOf, events } = await setup({ documentQuota: 0 })
    const schedule = await create({ issueMode: 'FINALIZE' })
    clock.set('2026-01-15T09:00:00.000Z')
    const report = await invoicing.scheduler.tick()
    assert.equal(report.failed, 1)
    const [occurrence] = (await invoicing.recurringSchedules.occurrences(actor, schedule.id)).items
    assert.deepEqual([occurrence!.status, occurrence!.error?.code, occurrence!.invoiceStatus], ['FAILED', 'plan_limit_reached', 'DRAFT'])
    assert.equal((await invoicesOf()).length, 1)
    const read = await invoicing.recurringSchedules.get(actor, schedule.id)
    assert.deepEqual([read.status, read.nextRunDate, read.lastError?.code], ['ACTIVE', '2026-02-15', 'plan_limit_reached'])
    assert.ok(events.some((event) => event.type === 'recurring_schedule.occurrence_failed'))
  })

  it('mails SEND occurrences after commit and retries a failed send, then gives up', async () => {
    const { clock, invoicing, actor, create, mailbox, events } = await setup()
    const schedule = await create({ issueMode: 'SEND', recipientEmail: 'rechnung@kunde.de' })
    clock.set('2026-01-15T09:00:00.000Z')
    await invoicing.scheduler.tick()
    assert.deepEqual(mailbox.sent.map((mail) => mail.to), ['rechnung@kunde.de'])
    let [occurrence] = (await invoicing.recurringSchedules.occurrences(actor, schedule.id)).items
    assert.deepEqual([occurrence!.status, occurrence!.attempts, occurrence!.invoiceStatus], ['CREATED', 1, 'SENT'])
    mailbox.failWith(new Error('connection refused'))
    clock.set('2026-02-15T09:00:00.000Z')
    await invoicing.scheduler.tick()
    ;[occurrence] = (await invoicing.recurringSchedules.occurrences(actor, schedule.id)).items
    assert.deepEqual([occurrence!.status, occurrence!.attempts, occurrence!.error?.code], ['PENDING_SEND', 1, 'email_delivery_failed'])
    for (const wait of [60_000, 600_000, 3_600_000]) {
      clock.advance(wait)
      await invoicing.scheduler.tick()
    }
    ;[occurrence] = (await invoicing.recurringSchedules.occurrences(actor, schedule.id)).items
    assert.deepEqual([occurrence!.status, occurrence!.attempts, occurrence!.invoiceStatus], ['FAILED', 4, 'FINAL'])
    assert.match(occurrence!.invoiceNumber!, /^RE-2026-/)
    assert.equal(events.filter((event) => event.type === 'recurring_schedule.occurrence_failed').length, 1)
  })

  it('runs and skips on request, ACTIVE only', async () => {
    const { clock, invoicing, actor, create } = await setup()
    const schedule = await create()
    const skipped = await invoicing.recurringSchedules.skip(actor, schedule.id)
    assert.deepEqual([skipped.occurrenceDate, skipped.status, skipped.skipReason], ['2026-01-15', 'SKIPPED', 'MANUAL'])
    clock.set('2026-02-16T09:00:00.000Z')
    const run = await invoicing.recurringSchedules.run(actor, schedule.id)
    assert.deepEqual(run.created.map((occurrence) => occurrence.occurrenceDate), ['2026-02-15'])
    assert.deepEqual((await invoicing.recurringSchedules.run(actor, schedule.id)).created, [])
    await invoicing.recurringSchedules.update(actor, schedule.id, { status: 'PAUSED' })
    await assert.rejects(invoicing.recurringSchedules.run(actor, schedule.id), failsWith('status_conflict', { allowedStatuses: ['ACTIVE'] }))
    await assert.rejects(invoicing.recurringSchedules.skip(actor, schedule.id), failsWith('status_conflict'))
    const preview = await invoicing.recurringSchedules.preview(actor, schedule.id, { count: 2 })
    assert.deepEqual(preview.map((each) => each.occurrenceDate), ['2026-03-15', '2026-04-15'])
    await invoicing.recurringSchedules.update(actor, schedule.id, { status: 'CANCELLED' })
    assert.deepEqual(await invoicing.recurringSchedules.preview(actor, schedule.id), [])
    await assert.rejects(invoicing.recurringSchedules.update(actor, schedule.id, { status: 'ACTIVE' }), failsWith('invalid_status_transition', { allowedTransitions: [] }))
  })

  it('processes at most 24 dates of a schedule per tick; run-once goes on until nothing is due', async () => {
    const { clock, invoicing, create, invoicesOf } = await setup()
    await create({ intervalUnit: 'DAY', startDate: '2026-01-10' })
    clock.set('2026-03-01T09:00:00.000Z')
    assert.equal((await invoicing.scheduler.tick()).created, 24)
    assert.equal((await invoicing.scheduler.runOnce()).created, 51 - 24)
    const dates = (await invoicesOf()).map((invoice) => invoice.recurringOccurrenceDate!).sort()
    assert.deepEqual([dates.length, new Set(dates).size, dates[0], dates.at(-1)], [51, 51, '2026-01-10', '2026-03-01'])
  })

  it('makes the one LATEST invoice at once however many dates were missed', async () => {
    const { clock, invoicing, actor, create, invoicesOf } = await setup()
    const schedule = await create({ intervalUnit: 'DAY', catchUpMode: 'LATEST' })
    clock.set('2026-03-15T09:00:00.000Z')
    const report = await invoicing.scheduler.tick()
    assert.deepEqual([report.created, report.skipped], [1, 59])
    assert.deepEqual((await invoicesOf()).map((invoice) => invoice.recurringOccurrenceDate), ['2026-03-15'])
    assert.equal((await invoicing.recurringSchedules.get(actor, schedule.id)).nextRunDate, '2026-03-16')
  })

  it('keeps a schedule whose product was deleted readable and cancellable; its occurrences fail', async () => {
    const { clock, invoicing, actor, create } = await setup()
    const product = await invoicing.products.create(actor, { name: 'Wartung', unitPrice: '50' })
    const schedule = await create({ template: { lines: [{ productId: product.id }] } })
    await invoicing.products.delete(actor, product.id)
    const read = await invoicing.recurringSchedules.get(actor, schedule.id)
    assert.deepEqual([read.grossTotal, read.status], [null, 'ACTIVE'])
    clock.set('2026-01-15T09:00:00.000Z')
    assert.equal((await invoicing.scheduler.tick()).failed, 1)
    const [occurrence] = (await invoicing.recurringSchedules.occurrences(actor, schedule.id)).items
    assert.deepEqual([occurrence!.status, occurrence!.error?.code, occurrence!.invoiceId], ['FAILED', 'not_found', null])
    assert.equal((await invoicing.recurringSchedules.update(actor, schedule.id, { status: 'CANCELLED' })).status, 'CANCELLED')
  })

  it('refuses an ACTIVE schedule whose end comes before its first date', async () => {
    const { create } = await setup()
    await assert.rejects(create({ monthEnd: true, startDate: '2026-01-10', endDate: '2026-01-20' }), failsWith('invalid_end_date', { field: 'endDate' }))
  })

  it('never mails an invoice cancelled before its send', async () => {
    const { clock, invoicing, actor, create, mailbox } = await setup()
    const schedule = await create({ issueMode: 'SEND' })
    mailbox.failWith(new Error('connection refused'))
    clock.set('2026-01-15T09:00:00.000Z')
    await invoicing.scheduler.tick()
    let [occurrence] = (await invoicing.recurringSchedules.occurrences(actor, schedule.id)).items
    assert.equal(occurrence!.status, 'PENDING_SEND')
    await invoicing.invoices.update(actor, occurrence!.invoiceId!, { status: 'CANCELLED' })
    mailbox.failWith(null)
    clock.advance(60_000)
    await invoicing.scheduler.tick()
    ;[occurrence] = (await invoicing.recurringSchedules.occurrences(actor, schedule.id)).items
    assert.deepEqual([occurrence!.status, occurrence!.error?.code, mailbox.sent.length], ['FAILED', 'status_conflict', 0])
  })

  it('replays a day with asOf: the invoices are dated it, numbered in its year and counted in its month', async () => {
    const { invoicing, storage, actor, create, invoicesOf } = await setup()
    await create({ issueMode: 'FINALIZE' })
    const report = await invoicing.scheduler.runOnce({ asOf: '2027-02-20' })
    assert.equal(report.created, 14)
    const invoices = await invoicesOf()
    assert.deepEqual([...new Set(invoices.map((invoice) => invoice.issueDate))], ['2027-02-20'])
    assert.ok(invoices.every((invoice) => invoice.number.startsWith('RE-2027-')))
    assert.equal((await storage.usage.get(actor.companyId, '2027-02')).documentsIssued, 14)
    assert.equal((await storage.usage.get(actor.companyId, '2026-01')).documentsIssued, 0)
  })

  it('creates each occurrence once when two ticks run at the same time', async () => {
    const { clock, invoicing, create, invoicesOf } = await setup()
    await create({ issueMode: 'FINALIZE' })
    clock.set('2026-06-20T09:00:00.000Z')
    await Promise.all([invoicing.scheduler.tick(), invoicing.scheduler.tick(), invoicing.scheduler.runOnce()])
    const dates = (await invoicesOf()).map((invoice) => invoice.recurringOccurrenceDate)
    assert.deepEqual(dates, ['2026-01-15', '2026-02-15', '2026-03-15', '2026-04-15', '2026-05-15', '2026-06-15'])
  })
})

describe('recurring schedules: documents sent with every invoice', () => {
  it('copies the flagged links of the schedule to each invoice it makes, and a SEND occurrence mails those files', async () => {
    const { clock, invoicing, actor, create, mailbox, events, invoicesOf } = await setup()
    const schedule = await create({ issueMode: 'SEND', maxOccurrences: 2 })
    const keep = async (fileName: string, sendWithDocument: boolean) => {
      clock.advance(1000)
      const staged = await invoicing.documents.stage(actor, (async function* () { yield Buffer.from(fileName) })())
      return invoicing.documents.create(actor, { fileName, contentType: 'text/plain' }, { linkType: 'RECURRING_SCHEDULE', linkId: schedule.id, sendWithDocument: String(sendWithDocument) } as never, staged)
    }
    const terms = await keep('agb.txt', true)
    await keep('intern.txt', false)
    const contract = await keep('vertrag.txt', true)
    // A pending upload flagged on the schedule goes with no invoice.
    await invoicing.documents.startUpload(actor, { fileName: 'offen.pdf', contentType: 'application/pdf', size: 10, links: [{ type: 'RECURRING_SCHEDULE', id: schedule.id, sendWithDocument: true }] })

    clock.set('2026-01-15T09:00:00.000Z')
    await invoicing.scheduler.tick()
    clock.set('2026-02-15T09:00:00.000Z')
    await invoicing.scheduler.tick()
    const invoices = await invoicesOf()
    assert.equal(invoices.length, 2)
    assert.deepEqual(mailbox.sent.map((mail) => mail.attachments.map((attachment) => attachment.fileName)), invoices.map((invoice) => [`${invoice.number}.pdf`, 'agb.txt', 'vertrag.txt']))
    const links = (await invoicing.documents.get(actor, contract.id)).links
    assert.deepEqual(links.map((link) => [link.type, link.targetId, link.sendWithDocument, link.targetNumber]), [
      ['RECURRING_SCHEDULE', schedule.id, true, null], ...invoices.map((invoice) => ['INVOICE', invoice.id, true, invoice.number]),
    ])
    assert.equal((await invoicing.documents.list(actor, { linkType: 'INVOICE', linkId: invoices[0]!.id })).total, 2)
    assert.equal(events.filter((event) => event.type === 'document.linked' && event.data.id === terms.id).length, 2)
  })
})
