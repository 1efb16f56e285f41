import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { checkDatevFile, DATEV_COLUMNS, type DatevFindingCode } from '@invoicing/core'
import { datevSample, datevSampleSkip, datevSampleText, SAMPLE_STORAGE, windows1252Of } from '../support/datev-sample'

/*
 * The DATEV format checker, calibrated on DATEV's own sample: it finds nothing there, and a
 * finding in every deliberately broken copy (made here in memory, never stored).
 */

const sampleText = datevSampleText
const encodeWindows1252 = windows1252Of
/** The sample as DATEV's import reads it and the export writes: Windows-1252, CRLF. */
const importable = (text: string) => encodeWindows1252(text.replace(/\n/g, '\r\n'))
/** The sample's lines (without the last, empty one after the final line end). */
const linesOf = (text: string) => text.split('\n').slice(0, -1)
const withLine = (text: string, index: number, change: (fields: string[]) => void) => {
  const lines = linesOf(text)
  const fields = lines[index]!.split(';')
  change(fields)
  lines[index] = fields.join(';')
  return `${lines.join('\n')}\n`
}
const codesOf = (bytes: Uint8Array, options = {}) => new Set(checkDatevFile(bytes, options).map((finding) => finding.code))

describe('DATEV format checker on DATEV\'s sample file', () => {
  it('finds nothing in the sample as published, nor in the sample as Windows-1252 with CRLF', { skip: datevSampleSkip }, () => {
    assert.deepEqual(checkDatevFile(datevSample(), SAMPLE_STORAGE), [])
    assert.deepEqual(checkDatevFile(importable(sampleText()), { fileName: 'EXTF_Buchungsstapel.csv' }), [])
  })

  it('has the sample\'s column line and a header expression each sample header field matches', { skip: datevSampleSkip }, () => {
    const [header, columns] = linesOf(sampleText())
    assert.equal(columns, DATEV_COLUMNS.join(';'))
    assert.equal(header!.split(';').length, 31)
  })

  const broken: [string, DatevFindingCode, (text: string) => string][] = [
    ['a field too many', 'field_count', (text) => withLine(text, 5, (fields) => fields.push(''))],
    ['a field too few in the header', 'field_count', (text) => withLine(text, 0, (fields) => fields.pop())],
    ['an amount with a point', 'amount', (text) => withLine(text, 3, (fields) => { fields[0] = '10.00' })],
    ['a negative amount', 'amount', (text) => withLine(text, 3, (fields) => { fields[0] = '-10,00' })],
    ['a BU key with tax on an automatic account', 'bu_key_on_automatic_account', (text) => withLine(text, 3, (fields) => { fields[8] = '"3"' })],
    ['no Festschreibung', 'festschreibung', (text) => withLine(text, 4, (fields) => { fields[113] = '' })],
    ['an unquoted text field', 'quoting', (text) => withLine(text, 4, (fields) => { fields[13] = 'Normalabschreibung' })],
    ['a bad Belegfeld 1', 'document_field_1', (text) => withLine(text, 6, (fields) => { fields[10] = '"RE 2026#1"' })],
    ['a Belegdatum outside the header\'s period', 'period', (text) => withLine(text, 3, (fields) => { fields[9] = '0110' })],
    ['a wrong column name', 'column_name', (text) => text.replace('Belegfeld 1;', 'Belegfeld1;')],
    ['a header with format version 12', 'header_field', (text) => withLine(text, 0, (fields) => { fields[4] = '12' })],
    ['a period across fiscal years', 'period', (text) => withLine(text, 0, (fields) => { fields[15] = '20250131' })],
  ]
  for (const [name, code, change] of broken) {
    it(`finds ${code} in a copy with ${name}`, { skip: datevSampleSkip }, () => {
      assert.ok(codesOf(importable(change(sampleText()))).has(code))
      assert.ok(codesOf(encodeWindows1252(change(sampleText())), { lineEnd: 'LF' }).has(code))
    })
  }

  it('finds LF line ends, a BOM, a byte Windows-1252 lacks, and more than 99,999 bookings', { skip: datevSampleSkip }, () => {
    const crlf = new Uint8Array(importable(sampleText()))
    assert.ok(codesOf(encodeWindows1252(sampleText())).has('line_end'), 'LF line ends')
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...crlf])
    assert.deepEqual([...codesOf(withBom)], ['bom'])
    const unmapped = crlf.slice()
    unmapped[crlf.indexOf(0x3b)] = 0x81
    assert.ok(codesOf(unmapped).has('encoding'))
    assert.ok(codesOf(crlf.slice(0, -2)).has('line_end'), 'no CRLF after the last line')
    const lines = linesOf(sampleText())
    const booking = lines[3]!
    const many = `${[lines[0], lines[1], ...Array.from({ length: 100_000 }, () => booking)].join('\r\n')}\r\n`
    assert.ok(codesOf(encodeWindows1252(many)).has('too_many_rows'))
    assert.ok(codesOf(datevSample(), { encoding: 'windows-1252' }).has('column_name'), 'UTF-8 read as Windows-1252 breaks the umlauts of line 2')
    assert.ok(codesOf(datevSample(), SAMPLE_STORAGE).size === 0)
    assert.ok(codesOf(datevSample(), { fileName: 'Buchungen.csv', ...SAMPLE_STORAGE }).has('file_name'))
  })
})
