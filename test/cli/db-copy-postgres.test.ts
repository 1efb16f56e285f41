import assert from 'node:assert/strict'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { testDatabase, type TestDatabase } from '@invoicing/storage-postgres/testing'
import { runCli } from '../support/cli'
import { closedPort } from '../support/closed-port'
import { tempDir } from '../support/test-host'

describe('invoicing db copy', () => {
  let dir: string
  let env: Record<string, string>
  let database: TestDatabase
  before(async () => {
    dir = tempDir()
    env = { INVOICING_DB: join(dir, 'invoicing.sqlite'), INVOICING_DATA_DIR: join(dir, 'data') }
    database = await testDatabase()
  })
  after(async () => {
    await database?.drop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('copies a SQLite database made by the command into an empty PostgreSQL database, and refuses to copy twice', async () => {
    const company = runCli(['company', 'create', '--json', '{"name":"Umzug GmbH"}'], env).json()
    const key = runCli(['key', 'create', '--company', company.id, '--name', 'Buchhaltung'], env).json()

    const copied = runCli(['db', 'copy', '--from', env.INVOICING_DB!, '--to', database.url], env)
    assert.equal(copied.status, 0, copied.stderr)
    assert.match(copied.stdout, /^company +1$/m)
    assert.match(copied.stdout, /^api_key +1$/m)
    assert.match(copied.stdout, /^Copied \d+ rows from .*invoicing\.sqlite to postgres:\/\/postgres:\*\*\*@/m)
    assert.doesNotMatch(copied.stdout, new RegExp(new URL(database.url).password))

    const listed = runCli(['key', 'list', '--company', company.id], { INVOICING_DATABASE_URL: database.url })
    assert.equal(listed.status, 0, listed.stderr)
    assert.deepEqual(listed.json().map(({ id, name }: { id: string; name: string }) => ({ id, name })), [{ id: key.id, name: 'Buchhaltung' }])

    const again = runCli(['db', 'copy', '--from', env.INVOICING_DB!, '--to', database.url], env)
    assert.equal(again.status, 1)
    assert.equal(again.stderr, 'invoicing: the target database is not empty (the table company has rows): copy into an empty database only; nothing was copied\n')
  })

  it('exits 2 with the usage on a missing or unknown flag, and 1 with one line when a database cannot be opened', async () => {
    for (const args of [['db', 'copy', '--to', database.url], ['db', 'copy', '--from', 'x', '--to', database.url, '--force']]) {
      const result = runCli(args, env)
      assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`)
      assert.match(result.stderr, /^invoicing: .+\n\nUsage: invoicing/)
      assert.match(result.stderr, /^  db copy --from <sqlite file> --to <postgres url>$/m)
    }
    const missing = runCli(['db', 'copy', '--from', join(dir, 'missing.sqlite'), '--to', database.url], env)
    assert.equal(missing.status, 1)
    assert.match(missing.stderr, /^invoicing: there is no SQLite database at .*missing\.sqlite\n$/)

    const unreachable = `postgres://invoicing:hunter2@127.0.0.1:${await closedPort()}/invoicing`
    const refused = runCli(['db', 'copy', '--from', env.INVOICING_DB!, '--to', unreachable], env)
    assert.equal(refused.status, 1)
    assert.match(refused.stderr, /^invoicing: the database postgres:\/\/invoicing:\*\*\*@127\.0\.0\.1:\d+\/invoicing is not reachable: .*ECONNREFUSED.*\n$/)
    assert.doesNotMatch(refused.stderr, /hunter2/)
  })
})
