// Runs every *.test.ts of the repository with node:test via tsx, against the sources.
// Files are listed here because Node 20's `node --test` expands no globs and finds no .ts files
// in a folder (it would run zero tests and pass).
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
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

const result = spawnSync(process.execPath, [
  '--conditions=@invoicing/source', '--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files,
], { cwd: root, stdio: 'inherit' })
process.exit(result.status ?? 1)
