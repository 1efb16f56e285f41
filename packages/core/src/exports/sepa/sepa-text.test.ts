import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isValidCreditorId } from './creditor-id'
import { isSepaBasicText, sepaBasicText, sepaText } from './sepa-text'

describe('SEPA texts and creditor ids', () => {
  it('reduces text to the EPC basic set: umlauts spelled out, & as +, accents dropped, anything else a dot', () => {
    assert.equal(sepaBasicText('Müller & Söhne Straße ÄÖÜ'), 'Mueller + Soehne Strasse AeOeUe')
    assert.equal(sepaBasicText('Café Łódź #7 "x" €'), 'Cafe .odz .7 .x. .')
    assert.equal(sepaBasicText("a-z/A?Z:(0).9,'+"), "a-z/A?Z:(0).9,'+")
    assert.ok(isSepaBasicText(sepaBasicText('Ærø 中文 \t\n')))
  })

  it('cuts texts to their length after the transliteration, and keeps umlauts when asked not to transliterate', () => {
    assert.equal(sepaText('ä'.repeat(40), { transliterate: true, max: 70 }), 'ae'.repeat(35))
    assert.equal(sepaText(' Müller\u0001 GmbH ', { transliterate: false, max: 70 }), 'Müller GmbH')
  })

  it('checks creditor ids with ISO 7064 MOD 97-10 over the national id, the country and 00', () => {
    // The Bundesbank's example creditor id, and others from published samples.
    for (const valid of ['DE98ZZZ09999999999', 'DE98 ZZZ 09999999999', 'AT61ZZZ01234567890', 'NL79ZZZ999999990000']) {
      assert.equal(isValidCreditorId(valid), true, valid)
    }
    // The business code does not count: any three characters there keep the id valid.
    assert.equal(isValidCreditorId('DE98ABC09999999999'), true)
    for (const invalid of ['DE97ZZZ09999999999', 'DE98ZZZ09999999998', 'DE98ZZZ', '98DEZZZ09999999999', '']) {
      assert.equal(isValidCreditorId(invalid), false, invalid)
    }
  })
})
