import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { after, before, describe, it } from 'node:test'
import { companyActor, createInvoicing, type Storage } from '@invoicing/core'
import { createSqliteStorage } from '@invoicing/storage-sqlite'
import { CLI, runCli, startServe } from '../support/cli'
import { until } from '../support/until'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Today in Berlin, and `days` later, as the scheduler's company sees them. */
const berlinDate = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' })

/** `invoicing scheduler run-once …` started, not awaited. */
function startRunOnce(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [...CLI, 'scheduler', 'run-once', ...args], { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => { stdout += chunk })
  child.stderr.on('data', (chunk) => { stderr += chunk })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, exited, stdout: () => stdout, stderr: () => stderr }
}

/** A database with `count` monthly FINALIZE schedules starting today. */
async function seed(databaseFile: string, count: number): Promise<string> {
  const storage = await createSqliteStorage({ filename: databaseFile })
  const invoicing = createInvoicing({ storage })
  const actor = companyActor((await invoicing.companies.create({ name: 'Abo GmbH', vatId: 'DE123456789' })).id)
  const customer = await invoicing.customers.create(actor, { name: 'Kunde AG', country: 'DE' })
  for (let index = 0; index < count; index++) {
    await invoicing.recurringSchedules.create(actor, {
      name: `Vertrag ${index}`, customerId: customer.id, startDate: berlinDate(), issueMode: 'FINALIZE',
      template: { lines: [{ description: 'Miete {{monthName}} {{year}}', unitPrice: '10' }] },
    })
  }
  await invoicing.close()
  await storage.close()
  return actor.companyId
}

/** Every occurrence recorded has its invoice and every schedule counts its rows: nothing half-written. */
async function assertConsistent(storage: Storage, companyId: string) {
  const schedules = (await storage.recurringSchedules.list(companyId, { limit: 100, offset: 0 })).items
  let occurrences = 0
  for (const schedule of schedules) {
    const rows = (await storage.recurringSchedules.listOccurrences(companyId, schedule.id, { limit: 100, offset: 0 })).items
    assert.equal(rows.length, schedule.occurrenceCount, `schedule ${schedule.name} counts its rows`)
    for (const row of rows) assert.ok(row.invoiceId && await storage.invoices.get(companyId, row.invoiceId), `occurrence ${row.occurrenceDate} of ${schedule.name} has its invoice`)
    occurrences += rows.length
  }
  const invoices = await storage.invoices.list(companyId, { limit: 100, offset: 0 })
  assert.equal(invoices.total, occurrences, 'no invoice without its occurrence')
  return { occurrences, numbers: invoices.items.map((invoice) => invoice.number).sort() }
}

describe('invoicing scheduler run-once', { timeout: 240_000 }, () => {
  let dir: string
  before(() => { dir = mkdtempSync(join(tmpdir(), 'invoicing-scheduler-')) })
  after(() => rmSync(dir, { recursive: true, force: true }))

  it('two processes started together on one database create each occurrence once, numbers without gaps', async () => {
    const databaseFile = join(dir, 'two.sqlite')
    const companyId = await seed(databaseFile, 10)
    const date = berlinDate(95)
    const env = { INVOICING_DB: databaseFile, INVOICING_DATA_DIR: dir }
    const runs = [startRunOnce(['--date', date], env), startRunOnce(['--date', date], env)]
    const codes = await Promise.all(runs.map((run) => run.exited))
    assert.deepEqual(codes, [0, 0], runs.map((run) => run.stderr()).join('\n'))
    const created = runs.map((run) => JSON.parse(run.stdout()).created as number)
    const storage = await createSqliteStorage({ filename: databaseFile })
    try {
      const { occurrences, numbers } = await assertConsistent(storage, companyId)
      // Monthly from today, as of 95 days later: four dates each.
      assert.equal(occurrences, 40)
      assert.equal(created[0]! + created[1]!, 40, `the two runs made ${created.join(' + ')}`)
      const year = date.slice(0, 4)
      assert.deepEqual(numbers, Array.from({ length: 40 }, (_, index) => `RE-${year}-${String(index + 1).padStart(5, '0')}`))
    } finally {
      await storage.close()
    }
  })

  it('killed mid-run leaves every occurrence with its invoice, and the next run completes without doubles', async () => {
    const databaseFile = join(dir, 'kill.sqlite')
    const companyId = await seed(databaseFile, 25)
    const date = berlinDate(95)
    const env = { INVOICING_DB: databaseFile, INVOICING_DATA_DIR: dir }
    const storage = await createSqliteStorage({ filename: databaseFile })
    try {
      const run = startRunOnce(['--date', date], env)
      await until(async () => (await storage.invoices.list(companyId, { limit: 1, offset: 0 })).total >= 10, 'the run to create some invoices', 90_000)
      run.child.kill('SIGKILL')
      await run.exited
      const killed = await assertConsistent(storage, companyId)
      assert.ok(killed.occurrences < 100, `killed before the end (${killed.occurrences} of 100)`)
      const again = runCli(['scheduler', 'run-once', '--date', date], env)
      assert.equal(again.status, 0, again.stderr)
      const done = await assertConsistent(storage, companyId)
      assert.equal(done.occurrences, 100)
      assert.deepEqual(done.numbers, Array.from({ length: 100 }, (_, index) => `RE-${date.slice(0, 4)}-${String(index + 1).padStart(5, '0')}`))
    } finally {
      await storage.close()
    }
  })

  it('serve ticks the scheduler: a schedule due today is invoiced without a request, and the tick is logged', async () => {
    const databaseFile = join(dir, 'serve.sqlite')
    const companyId = await seed(databaseFile, 2)
    const serve = await startServe({ INVOICING_DB: databaseFile, INVOICING_DATA_DIR: dir, INVOICING_SCHEDULER_INTERVAL_MS: '500', LOG_LEVEL: 'info', INVOICING_NO_DEMO: '1' })
    const storage = await createSqliteStorage({ filename: databaseFile })
    try {
      await until(async () => (await storage.invoices.list(companyId, { limit: 1, offset: 0 })).total === 2, 'the scheduler to invoice both schedules', 30_000)
      await until(() => /"msg":"scheduler tick"[^\n]*"created":2/.test(serve.stderr()), 'the tick to be logged', 10_000)
      assert.equal((await assertConsistent(storage, companyId)).occurrences, 2)
    } finally {
      await storage.close()
      await serve.stop()
    }
  })

  it('two serve hosts ticking on one database invoice each due schedule once', async () => {
    const databaseFile = join(dir, 'two-hosts.sqlite')
    const companyId = await seed(databaseFile, 12)
    const env = { INVOICING_DB: databaseFile, INVOICING_DATA_DIR: dir, INVOICING_SCHEDULER_INTERVAL_MS: '200', INVOICING_NO_DEMO: '1' }
    const hosts = await Promise.all([startServe(env), startServe(env)])
    const storage = await createSqliteStorage({ filename: databaseFile })
    try {
      await until(async () => (await storage.invoices.list(companyId, { limit: 1, offset: 0 })).total >= 12, 'the hosts to invoice every schedule', 30_000)
      // Several more ticks of both hosts: nothing more is made.
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      const { occurrences, numbers } = await assertConsistent(storage, companyId)
      assert.equal(occurrences, 12)
      assert.deepEqual(numbers, Array.from({ length: 12 }, (_, index) => `RE-${berlinDate().slice(0, 4)}-${String(index + 1).padStart(5, '0')}`))
    } finally {
      await storage.close()
      await Promise.all(hosts.map((host) => host.stop()))
    }
  })

  it('refuses a --date more than 400 days away, with exit 2', () => {
    const result = runCli(['scheduler', 'run-once', '--date', berlinDate(401)], { INVOICING_DB: join(dir, 'date.sqlite'), INVOICING_DATA_DIR: dir })
    assert.equal(result.status, 2)
    assert.match(result.stderr, /--date .* lies more than 400 days from today/)
  })
})
