import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { companyActor } from '@invoicing/core'
import { createManualClock, type ManualClock } from '@invoicing/core/testing'
import { apiClient } from '../support/api-client'
import { documentedResponses } from '../support/documented'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

describe('recurring schedules', () => {
  let app: TestApp
  let tenant: Tenant
  let clock: ManualClock
  let customerId: string
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    clock = createManualClock('2026-03-10T09:00:00.000Z')
    app = await startTestApp({ clock, access: { requestsPerMinute: 100_000 } })
    tenant = await createTenant(app, { name: 'Abo GmbH', vatId: 'DE123456789', email: 'abo@example.de' })
    documented = documentedResponses((await tenant.api.get('/openapi.json')).body)
    customerId = (await tenant.api.post('/customers', { name: 'Kunde AG', email: 'kunde@example.de' })).body.data.id
  })
  after(() => app.stop())

  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'Hosting', customer_id: customerId, startDate: '2026-03-31', issueMode: 'finalize',
    template: { lines: [{ description: 'Hosting {{monthName}} {{year}}', unit_price: '20' }], payment_term_days: 7 },
    ...extra,
  })

  it('creates, reads, lists, previews and changes a schedule, as documented', async () => {
    const created = await tenant.api.post('/recurring-schedules', body())
    assert.equal(created.status, 201, created.text)
    documented('POST', '/api/v1/recurring-schedules', created)
    const schedule = created.body.data
    assert.deepEqual([schedule.status, schedule.nextRunDate, schedule.intervalUnit, schedule.grossTotal, schedule.remainingOccurrences], ['ACTIVE', '2026-03-31', 'MONTH', 23.8, null])
    documented('GET', '/api/v1/recurring-schedules/{id}', await tenant.api.get(`/recurring-schedules/${schedule.id}`))
    const listed = await tenant.api.get('/recurring-schedules?search=hosting&status=active')
    documented('GET', '/api/v1/recurring-schedules', listed)
    assert.deepEqual(listed.body.data.map((each: { id: string }) => each.id), [schedule.id])
    const preview = await tenant.api.get(`/recurring-schedules/${schedule.id}/preview?count=3`)
    documented('GET', '/api/v1/recurring-schedules/{id}/preview', preview)
    assert.deepEqual(preview.body.data.map((each: { occurrenceDate: string }) => each.occurrenceDate), ['2026-03-31', '2026-04-30', '2026-05-31'])
    assert.deepEqual(preview.body.data[0], { sequence: 1, occurrenceDate: '2026-03-31', periodStart: '2026-03-31', periodEnd: '2026-04-29' })
    assert.equal((await tenant.api.get(`/recurring-schedules/${schedule.id}/preview?count=25`)).status, 400)
    const paused = await tenant.api.put(`/recurring-schedules/${schedule.id}`, { status: 'PAUSED', name: 'Hosting Pro' })
    documented('PUT', '/api/v1/recurring-schedules/{id}', paused)
    assert.deepEqual([paused.body.data.status, paused.body.data.nextRunDate, paused.body.data.name], ['PAUSED', null, 'Hosting Pro'])
    const deleted = await tenant.api.delete(`/recurring-schedules/${schedule.id}`)
    assert.deepEqual([deleted.status, deleted.body], [200, { success: true }])
  })

  it('answers each bad input with its code and field', async () => {
    const refused = async (payload: Record<string, unknown>, code: string, field?: string) => {
      const response = await tenant.api.post('/recurring-schedules', payload)
      assert.deepEqual([response.status, response.body.code, ...(field ? [response.body.field] : [])], [code === 'not_found' ? 404 : 400, code, ...(field ? [field] : [])], response.text)
    }
    await refused(body({ startDate: '2026-03-09' }), 'start_date_in_past', 'startDate')
    await refused(body({ template: { invoiceType: 'PROFORMA', lines: [{ unitPrice: 1 }] } }), 'field_not_allowed', 'template.invoiceType')
    await refused(body({ intervalUnit: 'DAY', monthEnd: true }), 'validation_failed', 'monthEnd')
    await refused(body({ intervalUnit: 'YEAR', intervalCount: 11 }), 'validation_failed', 'intervalCount')
    await refused(body({ endDate: '2026-03-01' }), 'invalid_end_date', 'endDate')
    await refused(body({ template: { lines: [{ unitPrice: 'zwanzig' }] } }), 'validation_failed', 'template.lines.0.unitPrice')
    await refused(body({ customer_id: 'missing' }), 'not_found')
    const noMail = (await tenant.api.post('/customers', { name: 'Ohne Mail' })).body.data.id
    await refused(body({ customer_id: noMail, issueMode: 'SEND' }), 'no_recipient', 'recipientEmail')
  })

  it('runs due dates once with invoices:write, skips, and lists occurrences', async () => {
    const schedule = (await tenant.api.post('/recurring-schedules', body({ startDate: '2026-03-10' }))).body.data
    const { secret } = await app.invoicing.apiKeys.create(companyActor(tenant.company.id), { scopes: ['recurring-schedules:write', 'recurring-schedules:read'] })
    const withoutInvoices = await apiClient(app.target, secret).post(`/recurring-schedules/${schedule.id}/run`)
    assert.deepEqual([withoutInvoices.status, withoutInvoices.body.code], [403, 'insufficient_scope'])
    clock.set('2026-05-12T09:00:00.000Z')
    const run = await tenant.api.post(`/recurring-schedules/${schedule.id}/run`)
    assert.equal(run.status, 200, run.text)
    documented('POST', '/api/v1/recurring-schedules/{id}/run', run)
    assert.deepEqual(run.body.data.created.map((each: { occurrenceDate: string }) => each.occurrenceDate), ['2026-03-10', '2026-04-10', '2026-05-10'])
    assert.deepEqual(run.body.data.created.map((each: { invoiceNumber: string; invoiceStatus: string }) => [each.invoiceNumber.slice(0, 3), each.invoiceStatus]), Array(3).fill(['RE-', 'FINAL']))
    const again = await tenant.api.post(`/recurring-schedules/${schedule.id}/run`)
    assert.deepEqual(again.body.data, { created: [], skipped: [] })
    const invoice = (await tenant.api.get(`/invoices/${run.body.data.created[1].invoiceId}`)).body.data
    assert.deepEqual([invoice.status, invoice.issueDate, invoice.dueDate, invoice.lines[0].description], ['FINAL', '2026-05-12', '2026-05-19', 'Hosting April 2026'])
    const skipped = await tenant.api.post(`/recurring-schedules/${schedule.id}/skip`)
    documented('POST', '/api/v1/recurring-schedules/{id}/skip', skipped)
    assert.deepEqual([skipped.body.data.occurrenceDate, skipped.body.data.status, skipped.body.data.skipReason], ['2026-06-10', 'SKIPPED', 'MANUAL'])
    const occurrences = await tenant.api.get(`/recurring-schedules/${schedule.id}/occurrences?limit=2`)
    documented('GET', '/api/v1/recurring-schedules/{id}/occurrences', occurrences)
    assert.deepEqual(occurrences.body.data.map((each: { sequence: number }) => each.sequence), [4, 3])
    assert.equal(occurrences.body.pagination.total, 4)
    assert.equal(occurrences.body.data[1].invoiceStatus, 'FINAL')
    const locked = await tenant.api.put(`/recurring-schedules/${schedule.id}`, { intervalCount: 2 })
    assert.deepEqual([locked.status, locked.body.code, locked.body.field], [400, 'field_locked', 'intervalCount'])
    const deleted = await tenant.api.delete(`/recurring-schedules/${schedule.id}`)
    assert.deepEqual([deleted.status, deleted.body.code], [409, 'schedule_has_occurrences'])
    const cancelled = await tenant.api.put(`/recurring-schedules/${schedule.id}`, { status: 'CANCELLED' })
    assert.equal(cancelled.body.data.status, 'CANCELLED')
    const conflict = await tenant.api.post(`/recurring-schedules/${schedule.id}/run`)
    assert.deepEqual([conflict.status, conflict.body.code, conflict.body.allowedStatuses], [409, 'status_conflict', ['ACTIVE']])
    const final = await tenant.api.put(`/recurring-schedules/${schedule.id}`, { status: 'ACTIVE' })
    assert.deepEqual([final.status, final.body.code, final.body.allowedTransitions], [400, 'invalid_status_transition', []])
    const inUse = await tenant.api.delete(`/customers/${customerId}`)
    assert.deepEqual([inUse.status, inUse.body.code], [409, 'customer_in_use'])
    clock.set('2026-03-10T09:00:00.000Z')
  })
})
