import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { isInvoicingError } from '@invoicing/core'
import { createPdfLibRenderer } from './pdf-lib-renderer'
import { documentFixture } from './test-support/documents'
import { readPdf } from './test-support/read-pdf'
import { createPdfWorkerPool, type PdfWorkerPool } from './worker-pool'

const fixture = documentFixture()
const oneLine = fixture.then(async ({ customer, issue, viewOf }) => viewOf(await issue((await customer()).id)))
/** About 40 pages: long enough to block an event loop for a good part of a second. */
const longView = fixture.then(async ({ customer, issue, viewOf }) => viewOf(await issue((await customer()).id, {
  lines: Array.from({ length: 600 }, (_, index) => ({ description: `Montage Abschnitt ${index + 1}\nUnterkonstruktion\nBefestigung`, unitPrice: '1' })),
})))

describe('PDF: worker pool', () => {
  const pools: PdfWorkerPool[] = []
  const pool = (options?: Parameters<typeof createPdfWorkerPool>[0]) => {
    const created = createPdfWorkerPool(options)
    pools.push(created)
    return created
  }
  after(() => Promise.all(pools.map((each) => each.close())))

  it('draws in a worker thread what the in-process renderer draws, the hybrid attachment included', async () => {
    const view = await oneLine
    const attachment = { fileName: 'factur-x.xml', content: '<xml/>', mimeType: 'text/xml', relationship: 'Alternative' as const, facturX: { conformanceLevel: 'EN 16931' as const } }
    const [inWorker, inProcess] = await Promise.all([pool({ size: 1 }).render(view, { attachment }), createPdfLibRenderer().render(view, { attachment })])
    const [read, expected] = await Promise.all([readPdf(inWorker), readPdf(inProcess)])
    assert.deepEqual(read.pages, expected.pages)
    assert.equal(new TextDecoder().decode(read.attachments['factur-x.xml']), '<xml/>')
  })

  it('keeps the event loop free while it draws: timers keep firing through a 40-page render', async () => {
    const renderer = pool({ size: 1 })
    await renderer.render(await oneLine) // the worker is started and its fonts are loaded
    const view = await longView
    let longestPause = 0
    let ticks = 0
    let last = performance.now()
    const timer = setInterval(() => {
      const now = performance.now()
      longestPause = Math.max(longestPause, now - last)
      last = now
      ticks += 1
    }, 2)
    const started = performance.now()
    try {
      assert.equal((await readPdf(await renderer.render(view))).pages.length, await renderer.estimatePages(view))
    } finally {
      clearInterval(timer)
    }
    const took = performance.now() - started
    // Drawn in this thread, the whole render would be one pause.
    assert.ok(ticks > 10 && longestPause < took / 2, `${ticks} ticks, longest pause ${longestPause.toFixed(0)} ms of a ${took.toFixed(0)} ms render`)
  })

  it('a worker that dies fails only its own render; the next render gets a new worker', async () => {
    // A worker heap too small for a long document: the render runs out of memory and ends the worker.
    const renderer = pool({ size: 1, maxMemoryMb: 40 })
    assert.ok((await renderer.render(await oneLine)).length > 1000)
    const { customer, issue, viewOf } = await fixture
    const huge = await viewOf(await issue((await customer()).id, {
      lines: Array.from({ length: 1000 }, (_, index) => ({ description: `Position ${index + 1}${'\nZeile'.repeat(40)}`, unitPrice: '1' })),
    }))
    await assert.rejects(renderer.render(huge), /The PDF worker stopped while drawing \(.*memory/)
    assert.equal(renderer.stats().workers, 0)
    assert.ok((await renderer.render(await oneLine)).length > 1000)
    assert.equal(renderer.stats().workers, 1)
  })

  it('a view that cannot be handed to a worker fails alone, and the worker draws the next one', async () => {
    const renderer = pool({ size: 1 })
    const view = await oneLine
    await assert.rejects(renderer.render({ ...view, title: (() => 'not data') as unknown as string }), /could not be cloned/)
    assert.ok((await renderer.render(view)).length > 1000)
    assert.deepEqual(renderer.stats(), { workers: 1, drawing: 0, queued: 0 })
  })

  it('bounds its queue: a render beyond size + maxQueue answers busy at once, the others are drawn', async () => {
    const renderer = pool({ size: 1, maxQueue: 1 })
    const view = await oneLine
    const [first, second, third] = await Promise.allSettled([renderer.render(view), renderer.render(view), renderer.render(view)])
    assert.equal(first.status, 'fulfilled')
    assert.equal(second.status, 'fulfilled')
    assert.equal(third.status, 'rejected')
    const reason = (third as PromiseRejectedResult).reason
    assert.ok(isInvoicingError(reason) && reason.code === 'busy' && reason.details.retryAfterSeconds === 1, String(reason))
  })

  it('starts workers on demand up to its size, and close ends them: renders in flight fail, later ones are refused', async () => {
    const renderer = createPdfWorkerPool({ size: 2 })
    const view = await oneLine
    await Promise.all([renderer.render(view), renderer.render(view), renderer.render(view)])
    assert.deepEqual(renderer.stats(), { workers: 2, drawing: 0, queued: 0 })
    const pending = Promise.allSettled([renderer.render(await longView), renderer.render(await longView), renderer.render(view)])
    await renderer.close()
    assert.deepEqual(renderer.stats(), { workers: 0, drawing: 0, queued: 0 })
    for (const result of await pending) assert.match(String((result as PromiseRejectedResult).reason), /closed/)
    await assert.rejects(renderer.render(view), /closed/)
  })
})
