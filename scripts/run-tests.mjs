// Runs every *.test.ts of the repository with node:test via tsx, against the sources.
// Files are listed here because Node 20's `node --test` expands no globs and finds no .ts files
// in a folder (it would run zero tests and pass).
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readdirSync } from 'node:fs'
import { constants } from 'node:os'
import { join, relative } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const roots = ['packages', 'examples', 'test']
const skip = new Set(['node_modules', 'dist', '.git', 'data'])

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skip.has(entry.name)) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}

// Arguments select files whose path contains them; one starting with `!` leaves such files out.
const args = process.argv.slice(2)
const filter = args.filter((arg) => !arg.startsWith('!'))
const excluded = args.filter((arg) => arg.startsWith('!')).map((arg) => arg.slice(1))
const files = roots.flatMap((dir) => testFiles(join(root, dir)))
  .map((file) => relative(root, file))
  .filter((file) => filter.length === 0 || filter.some((part) => file.includes(part)))
  .filter((file) => !excluded.some((part) => file.includes(part)))
  .sort()
if (files.length === 0) {
  console.error(`No test files found${filter.length ? ` matching ${filter.join(', ')}` : ''}`)
  process.exit(1)
}

// Signals reach every child: node --test ends its tests, the database server stops PostgreSQL.
const children = new Set()
let interrupted
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = signal
    for (const child of children) child.kill(signal)
  })
}

function start(args, options) {
  const child = spawn(process.execPath, args, { cwd: root, ...options })
  children.add(child)
  const exited = once(child, 'exit').then(([code, signal]) => {
    children.delete(child)
    return signal ? 1 : (code ?? 1)
  })
  return { child, exited }
}

// One PostgreSQL server for the whole run, when a selected test needs one and none is given:
// each test file creates its databases on it. It stops when its stdin closes, so it also ends
// with a runner that is killed outright.
async function startTestDatabaseServer() {
  const { child, exited } = start(['--conditions=@invoicing/source', '--import', 'tsx', 'scripts/test-database-server.ts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  child.stdin.on('error', () => {})
  let output = ''
  const url = await new Promise((resolve) => {
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      output += chunk
      if (output.includes('\n')) resolve(output.slice(0, output.indexOf('\n')))
    })
    exited.then(() => resolve(undefined))
  })
  return { url, stop: () => { child.stdin.end(); return exited } }
}

const needsPostgres = !process.env.INVOICING_TEST_DATABASE_URL
  && (process.env.INVOICING_TEST_STORAGE === 'postgres' || files.some((file) => file.includes('postgres')))
const database = needsPostgres ? await startTestDatabaseServer() : undefined
const serverFailed = database !== undefined && database.url === undefined
if (serverFailed && !interrupted) console.error('The PostgreSQL server for the tests did not start.')
const status = interrupted || serverFailed ? 1 : await start([
  '--conditions=@invoicing/source', '--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files,
], { env: database ? { ...process.env, INVOICING_TEST_DATABASE_URL: database.url } : process.env, stdio: 'inherit' }).exited
await database?.stop()
process.exit(interrupted ? 128 + constants.signals[interrupted] : status)
