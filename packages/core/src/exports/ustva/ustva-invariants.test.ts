import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
// The fixtures first: they load the engine, whose features must load in their order.
import { ustvaCompany, type DocumentContribution, type UstvaSummary } from './ustva-fixtures'
import { Exact } from '../../tax'

/** A small seeded generator (mulberry32): the same corpus on every run and machine. */
function seeded(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return { int, pick: <T>(values: readonly T[]): T => values[int(0, values.length - 1)]!, chance: (p: number) => next() < p }
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/**
 * Invariants on a corpus of some 90 documents of every tax case, rates, service periods
 * before and after their issue date, credit notes and cancellations, January to June 2026:
 * whatever the figures, the report must account for each included document exactly.
 */
describe('UStVA invariants on a random-ish corpus', () => {
  it('Σ bases of the Kennzahlen and excluded = Σ net of the included documents; each document once per Kennzahl; months add up to quarters', async () => {
    const { invoice, creditNote, invoicing, actor, storage, companyId, customers, line, ustva } = await ustvaCompany()
    const random = seeded(20260331)
    const scenarios = [
      () => ({ lines: [line(cents(), random.pick(['19', '7', '0', '5.5'])), ...(random.chance(0.4) ? [line(cents(), random.pick(['19', '7']))] : [])] }),
      () => ({ customerId: customers.fr.id, taxExemptionReason: 'INTRA_COMMUNITY', lines: [line(cents())] }),
      () => ({ customerId: customers.fr.id, taxExemptionReason: 'REVERSE_CHARGE_EU', lines: [line(cents())] }),
      () => ({ customerId: customers.fr.id, ossApplicable: true, taxCountry: 'FR', lines: [line(cents(), '20')] }),
      () => ({ customerId: customers.us.id, taxExemptionReason: random.pick(['EXPORT_DELIVERY', 'THIRD_COUNTRY']), lines: [line(cents())] }),
      () => ({ taxExemptionReason: random.pick(['REVERSE_CHARGE_13B', 'OTHER_EXEMPTION', 'INTERNAL_SUPPLY', 'SMALL_BUSINESS']), lines: [line(cents())] }),
    ]
    function cents() {
      return `${random.int(0, 4999)}.${String(random.int(0, 99)).padStart(2, '0')}`
    }
    const issued: string[] = []
    for (let index = 0; index < 80; index += 1) {
      const issueDate = addDays('2026-01-01', random.int(0, 180))
      const servicePeriodEnd = random.chance(0.5) ? addDays(issueDate, random.int(-45, 45)) : undefined
      const input = { issueDate, ...(servicePeriodEnd ? { servicePeriodEnd } : {}), ...random.pick(scenarios)() }
      issued.push((await invoice(input)).id)
    }
    for (let index = 0; index < 8; index += 1) {
      issued.push((await creditNote({ issueDate: addDays('2026-01-01', random.int(0, 180)), lines: [line(cents(), random.pick(['19', '7']))] })).id)
    }
    // Cancelled on the clock's day, 30 June: the cancellation credit notes are June's.
    for (const id of issued.slice(0, 5)) issued.push((await invoicing.invoices.cancel(actor, id)).cancellationCreditNote!.id)

    const months = ['01', '02', '03', '04', '05', '06']
    const reports = new Map<string, { summary: UstvaSummary; documents: DocumentContribution[] }>()
    for (const period of [...months, '41', '42']) {
      const { summary, text, exported } = await ustva({ year: 2026, period })
      const documents = JSON.parse(text).documents as DocumentContribution[]
      reports.set(period, { summary, documents })
      const ids = [...new Set(documents.map((each) => each.id))]
      assert.equal(exported.documentCount, ids.length, period)

      const pairs = documents.map((each) => `${each.id}/${each.kz ?? each.excluded}`)
      assert.equal(new Set(pairs).size, pairs.length, `${period}: a document appears once per Kennzahl`)

      const declared = [...summary.kennzahlen.map((each) => each.base), ...summary.excluded.map((each) => each.base)]
      const nets = await Promise.all(ids.map(async (id) => (await storage.invoices.get(companyId, id))!.netTotal))
      assert.equal(sumOf(declared), sumOf(nets), `${period}: Σ bases = Σ net`)

      for (const figures of summary.kennzahlen) {
        const entries = documents.filter((each) => each.kz === figures.kz)
        assert.equal(sumOf(entries.map((each) => each.base)), sumOf([figures.base]), `${period} Kz ${figures.kz}: Σ document bases`)
        assert.equal(sumOf(entries.map((each) => each.tax)), sumOf([figures.tax]), `${period} Kz ${figures.kz}: Σ document tax`)
        assert.equal(new Set(entries.map((each) => each.id)).size, figures.documentCount)
        assert.equal(figures.baseWholeEuros, Math.trunc(figures.base))
      }
    }
    assert.ok(reports.get('03')!.summary.kennzahlen.length >= 3, 'the corpus fills several Kennzahlen in a month')

    // The months partition the documents: none is in two months, and the quarters are their months.
    const seen = new Map<string, string>()
    for (const month of months) {
      for (const id of new Set(reports.get(month)!.documents.map((each) => each.id))) {
        assert.equal(seen.get(id), undefined, `${id} is in ${seen.get(id)} and ${month}`)
        seen.set(id, month)
      }
    }
    for (const [quarter, ofQuarter] of [['41', months.slice(0, 3)], ['42', months.slice(3)]] as const) {
      const byKz = (periods: readonly string[]) => {
        const sums = new Map<string, string>()
        for (const period of periods) {
          for (const figures of reports.get(period)!.summary.kennzahlen) sums.set(figures.kz, sumOf([sums.get(figures.kz) ?? '0', figures.base]))
        }
        return Object.fromEntries([...sums].sort())
      }
      assert.deepEqual(byKz([quarter]), byKz(ofQuarter), `quarter ${quarter}`)
    }
  })
})

const sumOf = (values: readonly (number | string)[]): string => values.reduce<InstanceType<typeof Exact>>((total, value) => total.plus(String(value)), new Exact(0)).toFixed(2)
