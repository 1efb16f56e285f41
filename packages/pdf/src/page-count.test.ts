import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { PDFDocument } from 'pdf-lib'
import { countPages, createPdfLibRenderer } from './pdf-lib-renderer'
import { documentFixture } from './test-support/documents'

const renderer = createPdfLibRenderer()
const pagesOf = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount()

describe('PDF: page count without drawing', () => {
  it('counts exactly the pages render draws, for documents of every shape', async () => {
    const { customer, issue, viewOf } = await documentFixture()
    const { id } = await customer()
    const words = 'Montage der Unterkonstruktion aus verzinktem Stahl inklusive Befestigungsmaterial und Anfahrt'
    const shapes: Record<string, Parameters<typeof issue>[1]> = {
      'one line': {},
      'many short lines': { lines: Array.from({ length: 90 }, (_, index) => ({ description: `Position ${index + 1}`, unitPrice: '1' })) },
      'wrapped descriptions': { lines: Array.from({ length: 30 }, () => ({ description: `${words} `.repeat(12), unitPrice: '10' })) },
      'line breaks': { lines: Array.from({ length: 12 }, () => ({ description: `Kopf${'\nZeile'.repeat(150)}`, unitPrice: '1' })) },
      'words wider than the column': { lines: Array.from({ length: 6 }, () => ({ description: 'X'.repeat(3900), unitPrice: '1' })) },
      'characters outside the basic plane': { lines: Array.from({ length: 6 }, () => ({ description: `${'Ω𝔘'.repeat(600)} ${'𝔘'.repeat(900)}`, unitPrice: '1' })) },
      'page breaks, texts and subtotals': {
        lines: [
          { lineType: 'TEXT', description: `${words}\n`.repeat(20) }, { description: 'Rohbau', unitPrice: '1000' }, { lineType: 'SUBTOTAL' },
          { lineType: 'PAGEBREAK' }, { lineType: 'PAGEBREAK' }, { description: 'Ausbau', unitPrice: '5' },
        ],
      },
      'long header, notes and footer': { headerText: `${words}\n`.repeat(60), footer: `${words} `.repeat(80) },
    }
    for (const [shape, input] of Object.entries(shapes)) {
      const view = await viewOf(await issue(id, input))
      const drawn = await pagesOf(await renderer.render(view))
      assert.equal(await renderer.estimatePages(view), drawn, `${shape}: ${drawn} pages drawn`)
    }
  })

  it('counts the review\'s document (110 lines of 2,000 line breaks each) at thousands of pages without drawing it', async () => {
    const { customer, issue, viewOf } = await documentFixture()
    const draft = await issue((await customer()).id, {
      lines: Array.from({ length: 110 }, (_, index) => ({ description: `Position ${index + 1}${'\n'.repeat(2000)}Ende`, unitPrice: '1' })),
    }, true)
    const pages = await countPages(await viewOf(draft))
    // Each line takes 2,002 rows of about 60 to a page: 34 pages, 110 times (the review drew 4,360).
    assert.ok(pages > 3600 && pages < 4500, `${pages} pages`)
  })
})
