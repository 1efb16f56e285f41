import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import { apiClient } from '../support/api-client'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'
import { tempDir } from '../support/test-host'

// Redocly's command from the devDependency; its telemetry and update check are switched off, so
// the lint needs no network.
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js')
const OFFLINE = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }

interface LintReport { totals: { errors: number; warnings: number }; problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] }

describe('the API description for a new developer', () => {
  let app: TestApp
  let tenant: Tenant
  let document: any
  let dir: string
  before(async () => {
    dir = tempDir()
    app = await startTestApp()
    tenant = await createTenant(app)
    document = (await tenant.api.get('/openapi.json', { host: 'invoicing.example:8443' })).body
  })
  after(async () => {
    await app.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('passes Redocly\'s recommended ruleset without an error or a warning', () => {
    const file = join(dir, 'openapi.json')
    writeFileSync(file, JSON.stringify(document))
    let output: string
    try {
      output = execFileSync(process.execPath, [REDOCLY, 'lint', '--extends=recommended', '--format=json', file], {
        env: { ...process.env, ...OFFLINE }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
      })
    } catch (error) {
      output = (error as { stdout: string }).stdout
    }
    const report = JSON.parse(output) as LintReport
    const problems = report.problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`)
    // The contract fixes both paths; they differ in method (POST …/{id}/complete, PUT …/uploads/{uploadToken}), so no request is ambiguous.
    const contractPaths = 'warn no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/api/v1/documents/{id}/complete` and `/api/v1/documents/uploads/{uploadToken}`.'
    assert.deepEqual(problems.filter((problem) => !problem.startsWith(contractPaths)), [])
    assert.deepEqual(report.totals, { errors: 0, warnings: problems.length, ignored: 0 })
    assert.ok(problems.length <= 1)
  })

  it('names the base URL it was fetched from as its server, a license and a contact', () => {
    assert.deepEqual(document.servers, [{ url: 'http://invoicing.example:8443', description: 'This host' }])
    assert.equal(document.info.license.name, 'MIT')
    assert.ok(document.info.contact.name)
    for (const tag of document.tags) assert.ok(tag.description, `tag ${tag.name} has a description`)
  })

  it('names the proxy\'s scheme and host only when told to trust it (INVOICING_TRUST_PROXY)', async () => {
    const forwarded = { host: '127.0.0.1:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'billing.example' }
    assert.deepEqual((await tenant.api.get('/openapi.json', forwarded)).body.servers[0].url, 'http://127.0.0.1:3000')
    const proxied = await startTestApp({ trustProxy: true })
    try {
      const behind = await createTenant(proxied)
      assert.deepEqual((await behind.api.get('/openapi.json', forwarded)).body.servers[0].url, 'https://billing.example')
    } finally {
      await proxied.stop()
    }
  })

  it('behind a trusted proxy, counts failed authentications by the address the proxy appended', async () => {
    const proxied = await startTestApp({ trustProxy: true, access: { authFailuresPerMinute: 2 } })
    try {
      const guess = (forwardedFor: string) => apiClient(proxied.target, `sk_live_${'x'.repeat(40)}`).get('/company', { 'x-forwarded-for': forwardedFor })
      // The client varies what it sends; the proxy appends the same address each time.
      const answers = [await guess('10.0.0.1, 203.0.113.7'), await guess('10.0.0.2, 203.0.113.7'), await guess('10.0.0.3, 203.0.113.7')]
      assert.deepEqual(answers.map((answer) => answer.status), [401, 401, 429])
      assert.equal((await guess('203.0.113.8')).status, 401, 'another client is not blocked')
    } finally {
      await proxied.stop()
    }
  })

  it('gives every operation a unique operationId, a summary and a curl example; a body example its schema accepts', () => {
    const ajv = new Ajv({ strict: false, allErrors: true })
    addFormats(ajv)
    const ids = new Set<string>()
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`
        assert.match(operation.operationId ?? '', /^[a-z][A-Za-z]+$/, `${name} has an operationId`)
        assert.ok(!ids.has(operation.operationId), `${name}: operationId ${operation.operationId} is unique`)
        ids.add(operation.operationId)
        assert.ok(operation.summary, `${name} has a summary`)
        const curl = operation['x-codeSamples']?.[0]?.source as string
        assert.ok(curl?.startsWith(`curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} "http://127.0.0.1:3000${path}"`), `${name} has a curl sample: ${curl}`)
        const body = operation.requestBody?.content['application/json']
        if (!body) continue
        assert.ok(body.example, `${name} has an example body`)
        assert.ok(curl.includes(`-d '${JSON.stringify(body.example)}'`), `${name}: the curl sample sends the example`)
        const validate = ajv.compile(body.schema)
        assert.ok(validate(body.example), `${name}: the example matches the request schema: ${ajv.errorsText(validate.errors)}`)
      }
    }
  })
})
