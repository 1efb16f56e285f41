import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { decodeWindows1252, encodeWindows1252, windows1252Text } from './windows-1252'

describe('Windows-1252 text', () => {
  it('keeps umlauts, ß, € and typographic quotes, one byte each', () => {
    const text = 'Müller & Söhne GmbH, Straße 5 – „Bäckerei“ 12 €'
    assert.deepEqual(windows1252Text(text), { text, replaced: false })
    const bytes = encodeWindows1252(text)
    assert.equal(bytes.length, [...text].length)
    assert.equal(bytes[1], 0xfc) // ü
    assert.equal(bytes.at(-1), 0x80) // €
    assert.equal(decodeWindows1252(bytes), text)
  })

  it('replaces what the code page lacks with ? and says so, a surrogate pair as one character', () => {
    assert.deepEqual(windows1252Text('Łódź 😀 ok'), { text: '?ód? ? ok', replaced: true })
    assert.deepEqual(windows1252Text('\u0081'), { text: '?', replaced: true })
  })
})
