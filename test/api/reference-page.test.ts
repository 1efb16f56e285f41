import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { after, before, describe, it } from 'node:test'
import { apiClient } from '../support/api-client'
import { startTestApp, type TestApp } from '../support/test-app'
import { tempDir } from '../support/test-host'

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
// CI installs Chromium and sets this, so the browser test cannot skip there unnoticed.
const browserRequired = process.env.INVOICING_REQUIRE_BROWSER === '1'
const browserMissing = !existsSync(CHROMIUM) && !browserRequired
  && `Chromium is not installed at ${CHROMIUM} (apt-get install -y chromium); INVOICING_REQUIRE_BROWSER=1 makes this a failure`

// Headless, without the background connections this machine's closed network would refuse.
const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', '--hide-scrollbars', '--window-size=1280,900',
  '--virtual-time-budget=20000', '--enable-logging=stderr', '--v=0',
]

const chromium = (args: string[], profile: string) =>
  promisify(execFile)(CHROMIUM, [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, ...args], { maxBuffer: 64 * 1024 * 1024, timeout: 120_000 })

describe('the API reference page', () => {
  let app: TestApp
  let server: Server
  let base: string
  let dir: string
  before(async () => {
    dir = tempDir()
    app = await startTestApp()
    server = createServer(app.target)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  after(async () => {
    await new Promise((resolve) => server.close(resolve))
    await app.stop()
    // The screenshot stays for a person to look at; the browser profiles go.
    for (const profile of ['profile-dom', 'profile-shot']) rmSync(join(dir, profile), { recursive: true, force: true })
  })

  it('is served at /api/v1/docs without a key, with the document and a renderer of this host only', async () => {
    const api = apiClient(app.target)
    const page = await api.get('/docs')
    assert.equal(page.status, 200)
    assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8')
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self';/)
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map(([, src]) => src)
    assert.deepEqual(scripts, ['/api/v1/docs/redoc.standalone.js', '/api/v1/docs/start.js'])
    const embedded = JSON.parse(/<script id="openapi-document" type="application\/json">(.*?)<\/script>/s.exec(page.text)![1]!)
    assert.equal(embedded.paths['/api/v1/customers'].post.operationId, 'createCustomer')
    for (const src of scripts) {
      const script = await apiClient(app.target).request('GET', src!.replace('/api/v1', ''))
      assert.equal(script.status, 200, src)
      assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8')
    }
    assert.equal((await api.get('/docs/other.js')).status, 401, 'nothing else below /docs is open')
  })

  it('renders the operations in headless Chromium', { skip: browserMissing, timeout: 300_000 }, async (t) => {
    const url = `${base}/api/v1/docs`
    const { stdout: dom, stderr } = await chromium(['--dump-dom', url], join(dir, 'profile-dom'))
    for (const summary of ['Create a customer', 'Record a payment', 'Mail the document to the customer', 'Add a webhook endpoint']) {
      assert.ok(dom.includes(summary), `the page shows "${summary}"`)
    }
    assert.match(dom, /id="operation\/createCustomer"/, 'Redoc rendered the operation sections')
    // Redoc's menu shows a logo from its CDN; the CSP blocks it, and Redoc hides an image that
    // does not load. Nothing else may be refused: no script, style or worker.
    const refused = stderr.split('\n').filter((line) => /violates the following Content Security Policy|Refused to/.test(line))
    assert.deepEqual(refused.filter((line) => !line.includes("Loading the image 'https://cdn.redoc.ly/redoc/logo-mini.svg'")), [])
    const screenshot = join(dir, 'reference-page.png')
    await chromium([`--screenshot=${screenshot}`, url], join(dir, 'profile-shot'))
    assert.ok(statSync(screenshot).size > 10_000, `a screenshot of the page at ${screenshot}`)
    t.diagnostic(`screenshot: ${screenshot}`)
  })
})
