import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import { describe, it } from 'node:test'
import { JsonList } from './json-list'

const documents = (count: number, lines: number) => Array.from({ length: count }, (_, index) => ({
  id: `d${index}`, lines: Array.from({ length: lines }, (_, line) => ({ position: line, description: `Position ${line}: Schrauben, 4 × 40 mm` })),
}))

describe('JSON lists', () => {
  it('gives a small list as one string, the same JSON as JSON.stringify', () => {
    const list = new JsonList(documents(3, 2), (item) => ({ ...item, shaped: true }), { total: 3, hasMore: false })
    const body = list.toBody()
    assert.equal(typeof body, 'string')
    assert.equal(body, JSON.stringify(list))
    assert.equal(new JsonList([], (item) => item, { total: 0 }).toBody(), '{"data":[],"pagination":{"total":0}}')
  })

  it('streams a large list, shaping and serialising items only as the reader takes the chunks before them', async () => {
    let shaped = 0
    const items = documents(100, 1000)
    const list = new JsonList(items, (item) => {
      shaped++
      return { ...item, lineCount: item.lines.length }
    }, { total: 100, hasMore: false })
    const body = list.toBody()
    assert.ok(body instanceof Readable)
    const chunks: string[] = []
    let shapedAtFirstChunk = 0
    for await (const chunk of body) {
      if (chunks.length === 0) shapedAtFirstChunk = shaped
      chunks.push(String(chunk))
    }
    assert.ok(shapedAtFirstChunk < 10, `${shapedAtFirstChunk} of 100 items were shaped before the first chunk was read`)
    assert.ok(chunks.length > 50, `${chunks.length} chunks`)
    assert.equal(shaped, 100)
    const itemSize = JSON.stringify(items[0]).length + 20
    // The first chunk holds what was serialised before streaming was chosen; each later one about 64 KB, at most one item over.
    for (const chunk of chunks.slice(1)) assert.ok(chunk.length < 64 * 1024 + itemSize, `a chunk of ${chunk.length} characters`)
    shaped = 0
    assert.equal(chunks.join(''), JSON.stringify(list))
  })
})
