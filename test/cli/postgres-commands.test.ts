import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { testDatabase, type TestDatabase } from '@invoicing/storage-postgres/testing'
import { runCli } from '../support/cli'
import { closedPort } from '../support/closed-port'

const masked = (url: string) => url.replace(/:[^:@/]+@/, ':***@')

describe('the invoicing command on PostgreSQL', () => {
  let database: TestDatabase
  before(async () => { database = await testDatabase() })
  after(async () => { await database?.drop() })

  it('says in one line, password masked, that an unreachable database cannot be opened, and exits 1', async () => {
    const url = `postgres://invoicing:hunter2@127.0.0.1:${await closedPort()}/invoicing`
    for (const command of [['migrate'], ['serve'], ['company', 'show', 'co_1'], ['key', 'list', '--company', 'co_1'], ['scheduler', 'run-once']]) {
      const result = runCli(command, { INVOICING_DATABASE_URL: url, PORT: '0' })
      assert.equal(result.status, 1, `${command.join(' ')}: ${result.stderr}`)
      const lines = result.stderr.trimEnd().split('\n')
      assert.equal(lines.length, 1, result.stderr)
      assert.match(lines[0]!, new RegExp(`^invoicing: the database postgres://invoicing:\\*\\*\\*@127\\.0\\.0\\.1:\\d+/invoicing is not reachable: .*ECONNREFUSED`), command.join(' '))
      assert.doesNotMatch(result.stderr + result.stdout, /hunter2/)
    }
  })

  it('migrate creates the schema on an empty database and names it without the password; admin commands use it', () => {
    const env = { INVOICING_DATABASE_URL: database.url }
    const migrated = runCli(['migrate'], env)
    assert.equal(migrated.status, 0, migrated.stderr)
    assert.equal(migrated.stdout, `The database ${masked(database.url)} is up to date.\n`)
    assert.doesNotMatch(migrated.stdout, new RegExp(new URL(database.url).password))
    assert.equal(runCli(['migrate'], env).status, 0, 'running it again is harmless')

    const company = runCli(['company', 'create', '--json', '{"name":"Postgres GmbH"}'], env)
    assert.equal(company.status, 0, company.stderr)
    const shown = runCli(['company', 'show', company.json().id], env)
    assert.equal(shown.json().name, 'Postgres GmbH')
  })

  it('backup refuses on PostgreSQL and points to pg_dump', () => {
    const backup = runCli(['backup', 'copy.sqlite'], { INVOICING_DATABASE_URL: database.url })
    assert.equal(backup.status, 1)
    assert.match(backup.stderr, /^invoicing: backup copies a SQLite file; back up PostgreSQL with pg_dump\n$/)
  })

  it('refuses U+0000 in --json with a JSON error naming the field, exit 1, as over HTTP', () => {
    const result = runCli(['company', 'create', '--json', '{"name":"Null\\u0000 GmbH"}'], { INVOICING_DATABASE_URL: database.url })
    assert.equal(result.status, 1, result.stderr)
    const error = JSON.parse(result.stderr)
    assert.deepEqual([error.code, error.field], ['validation_failed', 'name'])
  })
})
