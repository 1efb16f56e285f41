// Needs real hosts: two `invoicing serve` processes on one PostgreSQL database, as several hosts
// behind a load balancer run. Numbers, webhook deliveries and scheduler ticks must each happen
// once across them, with transactions that truly overlap (unlike SQLite's one writer).
import assert from 'node:assert/strict'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { companyActor, createInvoicing } from '@invoicing/core'
import { createPostgresStorage } from '@invoicing/storage-postgres'
import { migratedTestDatabase, type TestDatabase } from '@invoicing/storage-postgres/testing'
import { apiClient } from '../support/api-client'
import { runCli, startServe, type RunningServe } from '../support/cli'
import { expectedNumbers, issueInParallel } from '../support/issue-in-parallel'
import { tempDir } from '../support/test-host'
import { until } from '../support/until'
import { startWebhookReceiver } from '../support/webhook-receiver'

/** Today in Berlin, as the scheduler's company sees it. */
const berlinToday = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' })

describe('two hosts on one PostgreSQL database', { timeout: 180_000 }, () => {
  let database: TestDatabase
  let dir: string
  let env: Record<string, string>
  let key: string
  let companyId: string
  let hosts: RunningServe[] = []

  before(async () => {
    database = await migratedTestDatabase()
    dir = tempDir()
    env = {
      INVOICING_DATABASE_URL: database.url, INVOICING_DATA_DIR: join(dir, 'data'), INVOICING_NO_DEMO: '1',
      INVOICING_ALLOW_INSECURE_WEBHOOKS: '1', INVOICING_SCHEDULER_INTERVAL_MS: '200', LOG_LEVEL: 'warn',
      INVOICING_RATE_LIMIT: '100000',
    }
    const company = runCli(['company', 'create', '--json', JSON.stringify({ name: 'Zwei Hosts GmbH', plan: 'ENTERPRISE', vatId: 'DE123456789' })], env)
    assert.equal(company.status, 0, company.stderr)
    companyId = company.json().id
    key = runCli(['key', 'create', '--company', companyId], env).json().key
  })

  after(async () => {
    await database.drop()
    rmSync(dir, { recursive: true, force: true })
  })

  const startHosts = async () => {
    hosts = await Promise.all([startServe(env), startServe(env)])
    return hosts.map((host) => apiClient(host.url, key))
  }
  const stopHosts = async () => {
    const codes = await Promise.all(hosts.map((host) => host.stop()))
    assert.deepEqual(codes, [0, 0], hosts.map((host) => host.stderr()).join('\n'))
  }

  it('issues 100 invoices at once across both hosts: 100 contiguous numbers, none twice, no error', async () => {
    const clients = await startHosts()
    try {
      const { numbers, year } = await issueInParallel(clients, 100)
      assert.deepEqual(numbers, expectedNumbers(year, 100))
    } finally {
      await stopHosts()
    }
  })

  it('delivers each event once per endpoint, though both hosts run the webhook worker', async () => {
    const receivers = await Promise.all([startWebhookReceiver(), startWebhookReceiver()])
    const clients = await startHosts()
    try {
      for (const receiver of receivers) {
        const created = await clients[0]!.post('/webhooks', { url: receiver.url, events: ['invoice.created'] })
        assert.equal(created.status, 201, created.text)
      }
      const customerId = (await clients[0]!.post('/customers', { name: 'Kunde' })).body.data.id
      const invoices = await Promise.all(Array.from({ length: 30 }, (_, index) =>
        clients[index % 2]!.post('/invoices', { customerId, lines: [{ description: `Posten ${index}`, unitPrice: 10 }] })))
      assert.deepEqual(invoices.map((response) => response.status), Array(30).fill(201))
      for (const receiver of receivers) await receiver.waitFor(30, 30_000)
      // More worker rounds of both hosts: nothing is delivered again.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      for (const receiver of receivers) {
        const ids = receiver.received.map((delivery) => delivery.json.data.id as string)
        assert.equal(ids.length, 30, 'one delivery per event')
        assert.deepEqual(new Set(ids), new Set(invoices.map((response) => response.body.data.id)))
      }
    } finally {
      await stopHosts()
      await Promise.all(receivers.map((receiver) => receiver.close()))
    }
  })

  it('makes each due occurrence of the schedules once, though both hosts tick', async () => {
    // The schedules are stored before the hosts start: their first ticks race for every one.
    const storage = await createPostgresStorage({ url: database.url })
    const invoicing = createInvoicing({ storage })
    const actor = companyActor(companyId)
    const customer = await invoicing.customers.create(actor, { name: 'Abo Kunde AG', country: 'DE' })
    const before = (await storage.invoices.list(companyId, { limit: 1, offset: 0 })).total
    for (let index = 0; index < 12; index++) {
      await invoicing.recurringSchedules.create(actor, {
        name: `Vertrag ${index}`, customerId: customer.id, startDate: berlinToday(), issueMode: 'FINALIZE',
        template: { lines: [{ description: 'Miete {{monthName}} {{year}}', unitPrice: '10' }] },
      })
    }
    await invoicing.close()
    await startHosts()
    try {
      await until(async () => (await storage.invoices.list(companyId, { limit: 1, offset: 0 })).total >= before + 12, 'both hosts to invoice every schedule', 30_000)
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      const schedules = (await storage.recurringSchedules.list(companyId, { limit: 100, offset: 0 })).items
      assert.equal(schedules.length, 12)
      for (const schedule of schedules) {
        const occurrences = await storage.recurringSchedules.listOccurrences(companyId, schedule.id, { limit: 10, offset: 0 })
        assert.equal(occurrences.total, 1, `${schedule.name}: one occurrence`)
      }
      assert.equal((await storage.invoices.list(companyId, { limit: 1, offset: 0 })).total, before + 12, 'one invoice per occurrence')
    } finally {
      await stopHosts()
      await storage.close()
    }
  })
})
