import type { PainVersion } from '../companies'
import { companyActor } from '../access'
import { createInvoicing } from '../create-invoicing'
import type { ExportView } from '../exports'
import { createMemoryFileStore, createMemoryStorage } from '../memory-storage'
import type { IdGenerator } from '../ports/ids'
import { addDays, calendarDateOf } from '../shared/calendar-date'
import { isTarget2BusinessDay } from '../exports'
import { createManualClock } from './manual-clock'

/** A valid collection date for tests on the real clock: the TARGET2 business day `businessDays` business days after today in Berlin. */
export function sepaCollectionDate(businessDays = 3, today = calendarDateOf(new Date(), 'Europe/Berlin')): string {
  let date = today
  for (let counted = 0; counted < businessDays;) {
    date = addDays(date, 1)
    if (isTarget2BusinessDay(date)) counted += 1
  }
  return date
}

/** A SEPA file the scenarios wrote, with its export. */
export interface SepaScenarioFile {
  name: string
  xml: string
  exported: ExportView
}

async function text(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Direct-debit files for the oracles, made through the export service on the memory adapter:
 * per pain version, a first file (every mandate new: FRST for CORE and B2B) and a second with
 * all six blocks (CORE and B2B, each FRST, RCUR and OOFF), names and addresses with umlauts and
 * `&`, a customer without BIC and a partly paid invoice; and the second file again without
 * transliteration (umlauts kept).
 */
export async function sepaScenarios({ idsOf }: { idsOf?: () => IdGenerator } = {}): Promise<SepaScenarioFile[]> {
  const files: SepaScenarioFile[] = []
  for (const painVersion of ['pain.008.001.08', 'pain.008.001.02'] as const satisfies readonly PainVersion[]) {
    for (const transliterate of [true, false]) files.push(...await scenario(painVersion, transliterate, idsOf?.()))
  }
  return files
}

async function scenario(painVersion: PainVersion, transliterate: boolean, ids: IdGenerator | undefined): Promise<SepaScenarioFile[]> {
  // Monday 2 March 2026, 10:00 in Berlin.
  const clock = createManualClock('2026-03-02T09:00:00.000Z')
  const documentFiles = createMemoryFileStore()
  const invoicing = createInvoicing({ storage: createMemoryStorage(), clock, documentFiles, ...(ids ? { ids } : {}) })
  const company = await invoicing.companies.create({
    name: 'Müller & Söhne Lastschrift GmbH', street: 'Hauptstraße 1', zipCode: '10115', city: 'Berlin', country: 'DE',
    iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', sepaCreditorId: 'DE98ZZZ09999999999',
    sepa: { painVersion, useFirstSequenceType: true, transliterate },
  } as never)
  const actor = companyActor(company.id)
  const customer = (name: string, iban: string, mandate: Record<string, unknown>) => invoicing.customers.create(actor, {
    name, street: 'Königsallee 12', zipCode: '40212', city: 'Düsseldorf', country: 'DE', iban, sepaMandateDate: '2025-11-03', ...mandate,
  })
  const coreRecurring = await customer('Bäckerei Groß & Klein', 'DE02120300000000202051', { sepaMandateId: 'MANDAT-001', bic: 'BYLADEM1001' })
  const coreOneOff = await customer('Jörg Übermuth', 'DE02500105170137075030', { sepaMandateId: 'MANDAT-002', sepaMandateSequence: 'ONE_OFF' })
  const b2bRecurring = await customer('Zahnarztpraxis Dr. Öztürk', 'AT611904300234573201', { sepaMandateId: 'B2B/003', sepaMandateType: 'B2B' })
  const b2bOneOff = await customer('Ärztekammer (Nord)', 'DE02100100100006820101', { sepaMandateId: 'B2B-004', sepaMandateType: 'B2B', sepaMandateSequence: 'ONE_OFF' })
  const coreNew = await customer('Café Crème', 'DE02700100800030876808', { sepaMandateId: 'MANDAT-005' })
  const b2bNew = await customer('Große Werke AG', 'DE02300209000106531065', { sepaMandateId: 'B2B-006', sepaMandateType: 'B2B' })
  const invoice = async (customerId: string, unitPrice: string) => {
    const draft = await invoicing.invoices.create(actor, { customerId, issueDate: '2026-02-27', lines: [{ description: 'Abo März', unitPrice }] })
    return (await invoicing.invoices.update(actor, draft.id, { status: 'FINAL' })).invoice
  }
  const collect = async (invoiceIds: string[], collectionDate: string) => {
    const exported = await invoicing.exports.create(actor, 'SEPA_DIRECT_DEBIT', { invoiceIds, collectionDate })
    const { content } = await invoicing.exports.file(actor, exported.id)
    const name = `${painVersion}${transliterate ? '' : '-utf8'}-${files.length + 1}`
    files.push({ name, xml: await text(content.stream), exported })
  }
  const files: SepaScenarioFile[] = []
  await collect([(await invoice(coreRecurring.id, '49.90')).id, (await invoice(b2bRecurring.id, '1200')).id], '2026-03-04')
  const partlyPaid = await invoice(coreOneOff.id, '100')
  await invoicing.payments.record(actor, partlyPaid.id, { amount: '19.01', paymentDate: '2026-03-01' })
  await collect([
    (await invoice(coreRecurring.id, '49.90')).id, (await invoice(coreRecurring.id, '5')).id, partlyPaid.id, (await invoice(b2bRecurring.id, '1200')).id,
    (await invoice(b2bOneOff.id, '0.01')).id, (await invoice(coreNew.id, '12.34')).id, (await invoice(b2bNew.id, '999.99')).id,
  ], '2026-03-10')
  return files
}
