import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'

// The boundary rules run over a small tree laid out like the repository, so a planted
// violation never touches the real sources.
const root = fileURLToPath(new URL('../..', import.meta.url))
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')

function cruise(tree: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries({ 'tsconfig.json': '{}', ...files })) {
    mkdirSync(dirname(join(tree, path)), { recursive: true })
    writeFileSync(join(tree, path), text)
  }
  const run = spawnSync(process.execPath, [depcruise, 'packages', '--config', join(root, '.dependency-cruiser.cjs')], {
    cwd: tree, encoding: 'utf8',
  })
  return { status: run.status, output: run.stdout + run.stderr }
}

describe('import boundaries (npm run lint:boundaries)', () => {
  let tree: string
  before(() => { tree = mkdtempSync(join(tmpdir(), 'boundaries-')) })
  after(() => rmSync(tree, { recursive: true, force: true }))

  const feature = {
    'packages/core/src/companies/index.ts': "export { requireCompany } from './require-company'\n",
    'packages/core/src/companies/require-company.ts': 'export const requireCompany = () => 1\n',
    'packages/core/src/shared/ids.ts': 'export const newId = () => 2\n',
  }

  it('passes imports through a feature index, of shared code and of its own files', () => {
    const result = cruise(join(tree, 'clean'), {
      ...feature,
      'packages/core/src/customers/customer-service.ts':
        "import { requireCompany } from '../companies'\nimport { newId } from '../shared/ids'\nimport { rule } from './rule'\nexport const x = [requireCompany, newId, rule]\n",
      'packages/core/src/customers/rule.ts': 'export const rule = 3\n',
    })
    assert.equal(result.status, 0, result.output)
  })

  it('fails when a feature reaches into another feature instead of its index', () => {
    const result = cruise(join(tree, 'internals'), {
      ...feature,
      'packages/core/src/customers/customer-service.ts':
        "import { requireCompany } from '../companies/require-company'\nexport const x = requireCompany\n",
    })
    assert.notEqual(result.status, 0)
    assert.match(result.output, /feature-public-index: packages\/core\/src\/customers\/customer-service\.ts → packages\/core\/src\/companies\/require-company\.ts/)
  })

  for (const [what, specifier] of <const>[
    ['node:fs', 'node:fs'], ['koa', 'koa'], ['kysely', 'kysely'], ['better-sqlite3', 'better-sqlite3'],
    ['an adapter package', '@invoicing/storage-sqlite'],
  ]) {
    it(`fails when core imports ${what}`, () => {
      const result = cruise(join(tree, what.replace(/\W/g, '-')), {
        'packages/core/src/customers/customer-service.ts': `import * as planted from '${specifier}'\nexport const x = planted\n`,
      })
      assert.notEqual(result.status, 0)
      assert.match(result.output, /core-framework-free: packages\/core\/src\/customers\/customer-service\.ts/)
    })
  }

  it('passes the repository itself', () => {
    const run = spawnSync(process.execPath, [depcruise, 'packages', '--config', '.dependency-cruiser.cjs'], { cwd: root, encoding: 'utf8' })
    assert.equal(run.status, 0, run.stdout + run.stderr)
  })
})
