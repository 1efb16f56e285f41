import assert from 'node:assert/strict'
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo, type Server } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { after, before, describe, it } from 'node:test'
import { companyActor, createInvoicing } from '@invoicing/core'
import { createSqliteStorage } from '@invoicing/storage-sqlite'
import { apiClient } from '../support/api-client'
import { CLI, runCli, startServe } from '../support/cli'
import { tempDir } from '../support/test-host'
import { until } from '../support/until'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** `invoicing serve`, given up on after a minute (a host that stays up fails the test instead of hanging it). */
function serveOnce(env: Record<string, string>) {
  return spawnSync(process.execPath, [...CLI, 'serve'], {
    cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000, killSignal: 'SIGKILL',
  })
}

/**
 * `invoicing …` without blocking this process: a host it talks to meanwhile may close idle
 * connections, and the client must see that happen.
 */
function runCliAsync(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...CLI, ...args], {
    cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => { stdout += chunk })
  child.stderr.on('data', (chunk) => { stderr += chunk })
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })))
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The process ids below `pid`, children first. */
const descendants = (pid: number): number[] => {
  const listed = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout
  return listed.split('\n').map((line) => Number(line.trim())).filter(Boolean).flatMap((child) => [child, ...descendants(child)])
}

describe('the invoicing command explains itself', () => {
  let dir: string
  let env: Record<string, string>
  before(() => {
    dir = tempDir()
    env = { INVOICING_DB: join(dir, 'invoicing.sqlite'), INVOICING_DATA_DIR: join(dir, 'data'), INVOICING_NO_DEMO: '1', LOG_LEVEL: 'warn' }
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  it('prints its version and its usage with exit 0', () => {
    const { version } = JSON.parse(readFileSync(join(root, 'packages/http/package.json'), 'utf8'))
    const printed = runCli(['--version'], env)
    assert.deepEqual([printed.status, printed.stdout], [0, `invoicing ${version}\n`])
    const help = runCli(['--help'], env)
    assert.equal(help.status, 0)
    assert.match(help.stdout, /^Usage: invoicing <command>/)
  })

  it('prints the usage and exits 2 without a command or with an unknown one', () => {
    const bare = runCli([], env)
    assert.equal(bare.status, 2)
    assert.match(bare.stderr, /^Usage: invoicing <command>/)
    const unknown = runCli(['serv'], env)
    assert.equal(unknown.status, 2)
    assert.match(unknown.stderr, /^invoicing: unknown command: serv\n\nUsage: invoicing <command>/)
  })

  it('says in one line that the port is taken and exits 1, without a stack trace', async () => {
    const taken: Server = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const { port } = taken.address() as AddressInfo
    try {
      const serve = serveOnce({ ...env, PORT: String(port) })
      assert.equal(serve.error, undefined, 'the command ended by itself')
      assert.equal(serve.status, 1)
      assert.equal(serve.stderr, `invoicing: port ${port} on 127.0.0.1 is already in use; stop the other process or set PORT to another port\n`)
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  })

  it('ends the host when `npm start` gets SIGTERM: no process is left behind', { skip: !existsSync(join(root, 'packages/http/dist/cli.js')) && 'packages/http is not built (npm run build)', timeout: 120_000 }, async () => {
    const npm = spawn('npm', ['start'], { cwd: root, env: { ...process.env, ...env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    npm.stdout.on('data', (chunk) => { output += chunk })
    npm.stderr.on('data', (chunk) => { output += chunk })
    const exited = new Promise((resolve) => npm.once('exit', resolve))
    try {
      await until(() => /listening on http/.test(output), 'npm start to print its banner', 90_000)
    } catch (error) {
      for (const pid of [...descendants(npm.pid!), npm.pid!]) if (alive(pid)) process.kill(pid, 'SIGKILL')
      throw new Error(`${(error as Error).message}: ${output}`)
    }
    const started = descendants(npm.pid!)
    assert.ok(started.length > 0)
    npm.kill('SIGTERM')
    await exited
    try {
      await until(() => started.every((pid) => !alive(pid)), 'the processes of npm start to end')
    } catch (error) {
      throw new Error(`${(error as Error).message}; left running:\n${execFileSync('ps', ['-o', 'pid,cmd', '-p', started.join(',')], { encoding: 'utf8' })}`)
    } finally {
      for (const pid of started) if (alive(pid)) process.kill(pid, 'SIGKILL')
    }
  })

  it('backs the database up while serving, into a file a host can open, and never overwrites one', async () => {
    const serving = { ...env, INVOICING_DB: join(dir, 'live.sqlite'), INVOICING_NO_DEMO: '' }
    const serve = await startServe(serving)
    const backup = join(dir, 'backup.sqlite')
    let companyId: string
    try {
      const key = /sk_live_[A-Za-z0-9_-]+/.exec(serve.stdout())![0]
      const api = apiClient(serve.url, key)
      companyId = (await api.get('/company')).body.data.id
      assert.equal((await api.post('/customers', { name: 'Gesichert GmbH' })).status, 201)
      const done = await runCliAsync(['backup', backup], serving)
      assert.deepEqual([done.status, done.stdout], [0, `Backed up ${serving.INVOICING_DB} to ${backup}.\n`], done.stderr)
      const again = await runCliAsync(['backup', backup], serving)
      assert.equal(again.status, 1)
      assert.equal(again.stderr, `invoicing: no backup written: ${backup} exists already; a backup never overwrites a file\n`)
      assert.equal((await api.post('/customers', { name: 'Nach der Sicherung' })).status, 201, 'the host keeps serving')
    } finally {
      assert.equal(await serve.stop(), 0)
    }
    const storage = await createSqliteStorage({ filename: backup })
    const invoicing = createInvoicing({ storage })
    try {
      const { items } = await invoicing.customers.list(companyActor(companyId!), {})
      assert.deepEqual(items.map((customer) => customer.name), ['Gesichert GmbH'])
    } finally {
      await invoicing.close()
      await storage.close()
    }
    assert.equal(runCli(['backup'], serving).status, 2)
  })
})
