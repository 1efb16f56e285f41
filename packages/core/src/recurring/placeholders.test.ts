import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fillPlaceholders } from './index'

const august = { periodStart: '2026-08-01', periodEnd: '2026-08-31', occurrenceDate: '2026-07-25' }

describe('fillPlaceholders', () => {
  it('German: dates as DD.MM.YYYY, German month names', () => {
    assert.equal(
      fillPlaceholders('Miete {{monthName}} {{year}} ({{periodStart}} – {{periodEnd}}), Monat {{month}}, {{quarter}}', { ...august, locale: 'de' }),
      'Miete August 2026 (01.08.2026 – 31.08.2026), Monat 08, Q3',
    )
    assert.equal(fillPlaceholders('{{monthName}}', { ...august, periodStart: '2026-03-01', locale: 'de' }), 'März')
  })

  it('English: ISO dates, English month names', () => {
    assert.equal(
      fillPlaceholders('Rent {{monthName}} {{year}} ({{periodStart}} to {{periodEnd}}), {{quarter}}', { ...august, periodStart: '2026-01-01', periodEnd: '2026-01-31', locale: 'en' }),
      'Rent January 2026 (2026-01-01 to 2026-01-31), Q1',
    )
  })

  it('month, quarter and year follow the period start, not the occurrence date', () => {
    const arrears = { periodStart: '2025-12-01', periodEnd: '2025-12-31', occurrenceDate: '2026-01-01', locale: 'de' as const }
    assert.equal(fillPlaceholders('{{month}}/{{year}} {{quarter}} {{monthName}}', arrears), '12/2025 Q4 Dezember')
  })

  it('without a service period they follow the occurrence date, which also fills the period dates', () => {
    const none = { periodStart: null, periodEnd: null, occurrenceDate: '2026-04-30', locale: 'de' as const }
    assert.equal(fillPlaceholders('{{monthName}} {{quarter}} {{periodStart}}–{{periodEnd}}', none), 'April Q2 30.04.2026–30.04.2026')
  })

  it('leaves unknown placeholders and other braces as written, and replaces every occurrence', () => {
    assert.equal(
      fillPlaceholders('{{customer}} {{ month }} {month} {{year}}/{{year}} {{toString}}', { ...august, locale: 'en' }),
      '{{customer}} {{ month }} {month} 2026/2026 {{toString}}',
    )
  })
})
