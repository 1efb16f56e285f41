import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { SCOPES } from '@invoicing/core'
import { apiClient } from '../support/api-client'
import { runCli, startServe } from '../support/cli'
import { tempDir } from '../support/test-host'

describe('the invoicing command', () => {
  let dir: string
  let env: Record<string, string>
  before(() => {
    dir = tempDir()
    env = { INVOICING_DB: join(dir, 'nested', 'invoicing.sqlite'), INVOICING_DATA_DIR: join(dir, 'data') }
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  it('prints its usage for --help, and exits 2 without or with an unknown command', () => {
    const help = runCli(['--help'], env)
    assert.equal(help.status, 0)
    assert.match(help.stdout, /^  key create --company <companyId>/m)
    assert.equal(runCli([], env).status, 2)
    const unknown = runCli(['frobnicate'], env)
    assert.equal(unknown.status, 2)
    assert.match(unknown.stderr, /unknown command: frobnicate/)
  })

  it('refuses to start on another INVOICING_STORAGE or incomplete S3 settings, naming what is wrong', () => {
    const missing = runCli(['serve'], { ...env, INVOICING_STORAGE: 's3', S3_BUCKET: 'invoicing' })
    assert.equal(missing.status, 2)
    assert.equal(missing.stderr.split('\n')[0], 'invoicing: INVOICING_STORAGE=s3 needs S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY')
    const other = runCli(['serve'], { ...env, INVOICING_STORAGE: 'gcs' })
    assert.equal(other.status, 2)
    assert.equal(other.stderr.split('\n')[0], 'invoicing: INVOICING_STORAGE must be fs or s3, got gcs')
  })

  it('migrate creates the database file with its folder', () => {
    const migrated = runCli(['migrate'], env)
    assert.equal(migrated.status, 0, migrated.stderr)
    assert.ok(existsSync(env.INVOICING_DB!))
    assert.equal(runCli(['migrate'], env).status, 0, 'running it again is harmless')
  })

  it('creates, updates and shows companies as JSON', () => {
    const created = runCli(['company', 'create', '--json', '{"name":"Kanzlei Kraus","zip_code":"80331","plan":"ENTERPRISE"}'], env)
    assert.equal(created.status, 0, created.stderr)
    const company = created.json()
    assert.equal(company.name, 'Kanzlei Kraus')
    assert.equal(company.zipCode, '80331')
    assert.deepEqual([company.country, company.paymentTermDays, company.defaultLocale, company.apiCallQuota], ['DE', 14, 'de', 250000])

    const updated = runCli(['company', 'update', company.id, '--json', '{"paymentTermDays":30,"texts":{"de":{"INVOICE":{"footer":"Danke"}}}}'], env)
    assert.equal(updated.status, 0, updated.stderr)
    assert.equal(updated.json().paymentTermDays, 30)
    assert.deepEqual(runCli(['company', 'show', company.id], env).json(), updated.json())
  })

  it('sets export settings object by object and prints them with their defaults', () => {
    const company = runCli(['company', 'create', '--json', '{"name":"Export GmbH"}'], env).json()
    assert.equal(company.datev.consultantNumber, null)
    const first = runCli(['company', 'update', company.id, '--json', '{"datev":{"consultantNumber":29098,"chartOfAccounts":"SKR04"},"sepa":{"batchBooking":false}}'], env)
    assert.equal(first.status, 0, first.stderr)
    const second = runCli(['company', 'update', company.id, '--json', '{"datev":{"client_number":55003,"revenueAccounts":{"OSS":"4321"}}}'], env)
    assert.equal(second.status, 0, second.stderr)
    const { datev, sepa } = second.json()
    assert.deepEqual([datev.consultantNumber, datev.clientNumber, datev.chartOfAccounts, datev.bankAccount], [29098, 55003, 'SKR04', '1800'])
    assert.deepEqual([datev.revenueAccounts.OSS, datev.revenueAccounts.DOMESTIC_STANDARD, sepa.batchBooking], ['4321', '4400', false])

    const invalid = runCli(['company', 'update', company.id, '--json', '{"datev":{"consultantNumber":99}}'], env)
    assert.equal(invalid.status, 1)
    const error = JSON.parse(invalid.stderr)
    assert.deepEqual([error.code, error.field], ['validation_failed', 'datev.consultantNumber'])
    assert.match(error.error, /^datev\.consultantNumber: must be 1001 to 9999999/)
  })

  it('reports bad company input: exit 2 for broken JSON, exit 1 with a JSON error for invalid fields', () => {
    const broken = runCli(['company', 'create', '--json', '{name'], env)
    assert.equal(broken.status, 2)
    assert.match(broken.stderr, /--json is not valid JSON/)
    const invalid = runCli(['company', 'create', '--json', '{"name":"X","plan":"GOLD"}'], env)
    assert.equal(invalid.status, 1)
    const error = JSON.parse(invalid.stderr)
    assert.deepEqual([error.code, error.field], ['validation_failed', 'plan'])
    assert.deepEqual(error.allowedValues, ['FREE', 'STARTER', 'PROFESSIONAL', 'ENTERPRISE'])
    const missing = runCli(['company', 'show', 'nope'], env)
    assert.equal(missing.status, 1)
    assert.equal(JSON.parse(missing.stderr).code, 'not_found')
  })

  it('creates keys with every scope by default, lists them without secrets, and revokes them', () => {
    const company = runCli(['company', 'create', '--json', '{"name":"Key GmbH"}'], env).json()
    const full = runCli(['key', 'create', '--company', company.id], env)
    assert.equal(full.status, 0, full.stderr)
    const key = full.json()
    assert.deepEqual(Object.keys(key).sort(), ['id', 'key', 'name', 'platformAdmin', 'scopes'])
    assert.match(key.key, /^sk_live_[A-Za-z0-9_-]{32,}$/)
    assert.deepEqual(key.scopes, [...SCOPES])
    assert.equal(key.scopes.length, 23)
    assert.equal(key.platformAdmin, false)

    const narrow = runCli(['key', 'create', '--company', company.id, '--scopes', 'customers:read,company:read', '--platform-admin', '--name', 'Shop'], env).json()
    assert.deepEqual([narrow.scopes, narrow.platformAdmin, narrow.name], [['customers:read', 'company:read'], true, 'Shop'])

    const listed = runCli(['key', 'list', '--company', company.id], env)
    assert.equal(listed.status, 0, listed.stderr)
    assert.deepEqual(listed.json().map((k: any) => k.id), [key.id, narrow.id])
    assert.ok(!listed.stdout.includes(key.key) && !listed.stdout.includes(narrow.key), 'secrets are shown only at creation')
    assert.ok(!listed.stdout.includes('keyHash'))

    const revoked = runCli(['key', 'revoke', narrow.id], env)
    assert.equal(revoked.status, 0, revoked.stderr)
    assert.match(revoked.json().revokedAt, /^\d{4}-\d{2}-\d{2}T/)

    const badScope = runCli(['key', 'create', '--company', company.id, '--scopes', 'customers:read,invoices:delete'], env)
    assert.equal(badScope.status, 1)
    assert.equal(JSON.parse(badScope.stderr).field, 'scopes.1')
    assert.equal(runCli(['key', 'create'], env).status, 2)
  })
})

describe('invoicing serve', () => {
  let dir: string
  before(() => { dir = tempDir() })
  after(() => rmSync(dir, { recursive: true, force: true }))

  it('creates a demo company on an empty database and prints a curl line that works', async () => {
    const env = { INVOICING_DB: join(dir, 'demo.sqlite') }
    const serve = await startServe(env)
    try {
      const curl = /^\s*(curl .*)$/m.exec(serve.stdout())?.[1]
      assert.ok(curl, serve.stdout())
      const output = execFileSync('sh', ['-c', `${curl} --silent --show-error --fail`], { encoding: 'utf8' })
      assert.equal(JSON.parse(output).data.name, 'Demo GmbH')
    } finally {
      assert.equal(await serve.stop('SIGTERM'), 0, 'shuts down cleanly on SIGTERM')
    }
    const again = await startServe(env)
    try {
      assert.doesNotMatch(again.stdout(), /sk_live_/, 'the demo is created only once')
    } finally {
      assert.equal(await again.stop('SIGINT'), 0, 'shuts down cleanly on SIGINT')
    }
  })

  it('migrates once and creates one demo when two hosts start together on an empty database', async () => {
    const env = { INVOICING_DB: join(dir, 'race.sqlite') }
    const hosts = await Promise.all([startServe(env), startServe(env)])
    try {
      const keys = hosts.flatMap((host) => host.stdout().match(/sk_live_[A-Za-z0-9_-]+/g) ?? [])
      assert.equal(new Set(keys).size, 1, hosts.map((host) => host.stdout()).join('\n---\n'))
      for (const host of hosts) assert.equal((await apiClient(host.url, keys[0]).get('/company')).body.data.name, 'Demo GmbH')
    } finally {
      await Promise.all(hosts.map((host) => host.stop()))
    }
  })

  it('creates no demo with INVOICING_NO_DEMO=1, and serves keys made by the command while it runs', async () => {
    const env = { INVOICING_DB: join(dir, 'admin.sqlite'), INVOICING_NO_DEMO: '1' }
    const serve = await startServe(env)
    try {
      assert.doesNotMatch(serve.stdout(), /sk_live_/)
      const company = runCli(['company', 'create', '--json', '{"name":"Live GmbH"}'], env).json()
      const { key } = runCli(['key', 'create', '--company', company.id], env).json()
      const api = apiClient(serve.url, key)
      const created = await api.post('/customers', { name: 'Erster Kunde' })
      assert.equal(created.status, 201)
      assert.equal((await api.get(`/customers/${created.body.data.id}`)).body.data.name, 'Erster Kunde')
    } finally {
      await serve.stop()
    }
  })

  it('keeps data and monthly counts across restarts, even after a kill -9 a second after the calls', async () => {
    const env = { INVOICING_DB: join(dir, 'restart.sqlite'), INVOICING_NO_DEMO: '1' }
    const company = runCli(['company', 'create', '--json', '{"name":"Restart GmbH"}'], env).json()
    const { key } = runCli(['key', 'create', '--company', company.id], env).json()

    const first = await startServe(env)
    const customer = (await apiClient(first.url, key).post('/customers', { name: 'Bleibt' })).body.data
    for (let call = 0; call < 4; call++) await apiClient(first.url, key).get('/customers')
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await first.stop('SIGKILL')

    const second = await startServe(env)
    try {
      const api = apiClient(second.url, key)
      assert.equal((await api.get(`/customers/${customer.id}`)).body.data.name, 'Bleibt')
      assert.equal((await api.get('/company/usage')).body.data.apiCalls.used, 7)
    } finally {
      await second.stop()
    }
  })

  it('gives gapless, unique customer numbers when two host processes share one database', async () => {
    const env = { INVOICING_DB: join(dir, 'shared.sqlite'), INVOICING_NO_DEMO: '1', INVOICING_RATE_LIMIT: '1000' }
    const company = runCli(['company', 'create', '--json', '{"name":"Zwei Prozesse GmbH"}'], env).json()
    const { key } = runCli(['key', 'create', '--company', company.id], env).json()
    const [one, two] = await Promise.all([startServe(env), startServe(env)])
    try {
      const clients = [apiClient(one.url, key), apiClient(two.url, key)]
      const created = await Promise.all(Array.from({ length: 60 }, (_, index) =>
        clients[index % 2]!.post('/customers', { name: `Kunde ${index}` })))
      assert.deepEqual(created.map((response) => response.status), Array(60).fill(201))
      const numbers = created.map((response) => response.body.data.customerNumber).sort()
      assert.deepEqual(numbers, Array.from({ length: 60 }, (_, index) => `KD-${String(index + 1).padStart(5, '0')}`))
    } finally {
      await Promise.all([one.stop(), two.stop()])
    }
  })
})
