import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { checkVatIdFormat, VAT_ID_PREFIXES } from './vat-id'

/** Per prefix: ids of its format, and ids that are not (as stored: upper case, no separators). */
const VAT_ID_TABLE: Readonly<Record<string, { wellFormed: string[]; malformed: string[] }>> = {
  AT: { wellFormed: ['ATU12345678'], malformed: ['AT12345678', 'ATU1234567', 'ATU123456789'] },
  BE: { wellFormed: ['BE0123456789', 'BE123456789'], malformed: ['BE12345678', 'BE01234567890'] },
  BG: { wellFormed: ['BG123456789', 'BG1234567890'], malformed: ['BG12345678', 'BG12345678901'] },
  HR: { wellFormed: ['HR12345678901'], malformed: ['HR1234567890', 'HR123456789012'] },
  CY: { wellFormed: ['CY12345678L', 'CY92345678X'], malformed: ['CY12345678', 'CY62345678L'] },
  CZ: { wellFormed: ['CZ12345678', 'CZ123456789', 'CZ1234567890'], malformed: ['CZ1234567', 'CZ12345678A'] },
  DK: { wellFormed: ['DK12345678'], malformed: ['DK1234567', 'DK123456789'] },
  EE: { wellFormed: ['EE101234567'], malformed: ['EE123456789', 'EE10123456'] },
  FI: { wellFormed: ['FI12345678'], malformed: ['FI1234567', 'FI123456789'] },
  FR: { wellFormed: ['FR12345678901', 'FRXX123456789', 'FRA1234567890', 'FR1A123456789'], malformed: ['FR1234567890', 'FRIO123456789', 'FR123456789012'] },
  DE: { wellFormed: ['DE123456789'], malformed: ['DE12345678', 'DE1234567890', 'DE023456789'] },
  EL: { wellFormed: ['EL123456789'], malformed: ['EL12345678', 'GR123456789'] },
  HU: { wellFormed: ['HU12345678'], malformed: ['HU1234567', 'HU123456789'] },
  IE: { wellFormed: ['IE1234567A', 'IE8Z12345A', 'IE1234567WA'], malformed: ['IE12345678', 'IE1234567Z'] },
  IT: { wellFormed: ['IT12345678901'], malformed: ['IT1234567890', 'IT123456789012'] },
  LV: { wellFormed: ['LV12345678901'], malformed: ['LV1234567890'] },
  LT: { wellFormed: ['LT123456789', 'LT123456789012'], malformed: ['LT12345678', 'LT1234567890'] },
  LU: { wellFormed: ['LU12345678'], malformed: ['LU1234567', 'LU123456789'] },
  MT: { wellFormed: ['MT12345678'], malformed: ['MT02345678', 'MT1234567'] },
  NL: { wellFormed: ['NL123456789B01'], malformed: ['NL123456789', 'NL123456789B1', 'NL12345678B01'] },
  PL: { wellFormed: ['PL1234567890'], malformed: ['PL123456789', 'PL12345678901'] },
  PT: { wellFormed: ['PT123456789'], malformed: ['PT12345678', 'PT1234567890'] },
  RO: { wellFormed: ['RO12', 'RO1234567890'], malformed: ['RO0123', 'RO12345678901'] },
  SK: { wellFormed: ['SK1234567890'], malformed: ['SK1254567890', 'SK123456789'] },
  SI: { wellFormed: ['SI12345678'], malformed: ['SI02345678', 'SI1234567'] },
  ES: { wellFormed: ['ESA12345678', 'ES12345678Z', 'ESX1234567X'], malformed: ['ES123456789', 'ESA1234567'] },
  SE: { wellFormed: ['SE123456789001'], malformed: ['SE12345678901', 'SE123456789002'] },
  XI: { wellFormed: ['XI123456789', 'XI123456789012', 'XIGD123'], malformed: ['XI12345678', 'XIAB123'] },
  CHE: { wellFormed: ['CHE123456789', 'CHE123456789MWST', 'CHE123456789TVA', 'CHE123456789IVA'], malformed: ['CHE12345678', 'CHE123456789VAT', 'CH123456789'] },
  GB: { wellFormed: ['GB123456789', 'GB123456789012', 'GBGD123', 'GBHA123'], malformed: ['GB12345678', 'GB1234567890', 'GBXY123'] },
  NO: { wellFormed: ['NO123456789', 'NO123456789MVA'], malformed: ['NO12345678', 'NO123456789VAT'] },
}

describe('VAT id formats', () => {
  it('knows the EU-27 as VIES names them, Northern Ireland, Switzerland, the United Kingdom and Norway', () => {
    assert.equal(Object.keys(VAT_ID_PREFIXES).length, 31)
    assert.deepEqual(Object.keys(VAT_ID_TABLE).sort(), Object.keys(VAT_ID_PREFIXES).sort())
  })

  for (const [prefix, { wellFormed, malformed }] of Object.entries(VAT_ID_TABLE)) {
    it(`${prefix}: takes ${wellFormed.join(', ')} and refuses ${malformed.join(', ')}`, () => {
      for (const vatId of wellFormed) {
        assert.deepEqual(checkVatIdFormat(vatId), { wellFormed: true, prefix, country: VAT_ID_PREFIXES[prefix] }, vatId)
      }
      for (const vatId of malformed) assert.equal(checkVatIdFormat(vatId).wellFormed, false, vatId)
    })
  }

  it('refuses an id without the prefix of a known country', () => {
    for (const vatId of ['123456789', 'US123456789', 'EU123456789', 'RU1234567890', 'XX12345678901', '']) {
      const check = checkVatIdFormat(vatId)
      assert.equal(check.wellFormed, false, vatId)
      assert.match(check.wellFormed ? '' : check.reason, /prefix/)
    }
  })
})
