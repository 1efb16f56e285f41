import { companyActor } from '../access'
import { createInvoicing } from '../create-invoicing'
import { EXPORT_POLICIES, ExportFindings, writtenExport, type ExportFinding } from '../exports'
import { createMemoryStorage } from '../memory-storage'
import { createManualClock } from './manual-clock'

/** The BMD scenario's settings: every tax case with its own revenue account and Steuercode, so each row shows which case it booked. */
export const BMD_SCENARIO_TAX_CASES = {
  DOMESTIC_STANDARD: ['4000', '1'], DOMESTIC_REDUCED: ['4010', '2'], DOMESTIC_ZERO: ['4020', '3'], DOMESTIC_OTHER: ['4030', '4'],
  OSS: ['4100', '5'], INTRA_COMMUNITY: ['4110', '7'], REVERSE_CHARGE_EU: ['4120', '17'], REVERSE_CHARGE_13B: ['4130', '27'],
  EXPORT_DELIVERY: ['4140', '77'], THIRD_COUNTRY: ['4150', '8'], SMALL_BUSINESS: ['4160', '9'], OTHER_EXEMPTION: ['4170', '10'], INTERNAL_SUPPLY: ['4180', '11'],
} as const

/**
 * An Austrian company (OSS-registered) with one document per tax case, made through the public
 * use cases so each case arises as it does for a user: domestic rates, OSS and reverse charge
 * from the customer's country and VAT id, third country from a Swiss customer, the others from
 * an explicit exemption reason. Plus a credit note, a cancelled invoice with its cancellation
 * credit note, and customer names with an umlaut and `;`, a `"`, a line break, a character Windows-1252
 * lacks and more than 60 characters.
 */
export async function bmdExportScenario() {
  const clock = createManualClock('2025-12-01T08:00:00.000Z')
  const storage = createMemoryStorage()
  const invoicing = createInvoicing({ storage, clock })
  const companyId = (await invoicing.companies.create({
    name: 'Alpen Handel GmbH', country: 'AT', vatId: 'ATU13585627', ossRegistered: true, timeZone: 'Europe/Vienna',
  })).id
  const actor = companyActor(companyId)
  await invoicing.companies.update(actor, {
    bmd: {
      defaultDebtorAccount: '200000',
      revenueAccounts: Object.fromEntries(Object.entries(BMD_SCENARIO_TAX_CASES).map(([taxCase, [account]]) => [taxCase, account])),
      taxCodes: Object.fromEntries(Object.entries(BMD_SCENARIO_TAX_CASES).map(([taxCase, [, code]]) => [taxCase, code])),
    },
  })
  const customer = (input: Record<string, unknown>) => invoicing.customers.create(actor, input as never)
  const bakery = await customer({ name: 'Bäckerei Müller; Söhne', country: 'AT', ledgerAccount: '201234', paymentTermDays: 10 })
  const atBusiness = await customer({ name: 'Bau "Ost" GmbH', country: 'AT', vatId: 'ATU12345675' })
  const deConsumer = await customer({ name: 'Jörg Łukasiewicz', country: 'DE' })
  const deBusiness = await customer({ name: 'Kunde AG\r\nEinkauf', country: 'DE', vatId: 'DE811569869' })
  const swiss = await customer({ name: 'Zürcher Präzisionsmechanik und Feinwerktechnik Aktiengesellschaft', country: 'CH' })

  const issued = async (issueDate: string, customerId: string, lines: Record<string, unknown>[], fields: Record<string, unknown> = {}) => {
    clock.set(`${issueDate}T08:00:00.000Z`)
    const draft = await invoicing.invoices.create(actor, { customerId, issueDate, lines, ...fields } as never)
    return (await invoicing.invoices.update(actor, draft.id, { status: 'FINAL' })).invoice
  }
  const line = (unitPrice: string, taxRate?: string, description = 'Ware') => ({ description, unitPrice, ...(taxRate !== undefined ? { taxRate } : {}) })
  const documents = {
    // 2025: Austria zero-rates photovoltaic modules, so 0 % is DOMESTIC_ZERO; 20, 13 and 10 % in one document.
    domestic: await issued('2025-12-10', bakery.id, [line('100', '20'), line('50', '10'), line('30', '13'), line('40', '0')]),
    oss: await issued('2026-01-05', deConsumer.id, [line('100')]),
    intraCommunity: await issued('2026-01-06', deBusiness.id, [line('200')], { taxExemptionReason: 'INTRA_COMMUNITY' }),
    reverseChargeEu: await issued('2026-01-07', deBusiness.id, [line('300')]),
    reverseCharge13b: await issued('2026-01-08', atBusiness.id, [line('400')], { taxExemptionReason: 'REVERSE_CHARGE_13B' }),
    exportDelivery: await issued('2026-01-09', swiss.id, [line('500')], { taxExemptionReason: 'EXPORT_DELIVERY' }),
    thirdCountry: await issued('2026-01-10', swiss.id, [line('600')]),
    smallBusiness: await issued('2026-01-11', atBusiness.id, [line('70')], { taxExemptionReason: 'SMALL_BUSINESS' }),
    otherExemption: await issued('2026-01-12', atBusiness.id, [line('80')], { taxExemptionReason: 'OTHER_EXEMPTION' }),
    internalSupply: await issued('2026-01-13', atBusiness.id, [line('90')], { taxExemptionReason: 'INTERNAL_SUPPLY' }),
    // From July 2026 Austria has a 4.9 % rate on basic foods: neither standard, reduced nor zero.
    domesticOther: await issued('2026-07-02', bakery.id, [line('10', '4.9')]),
  }
  clock.set('2026-02-01T08:00:00.000Z')
  const creditDraft = await invoicing.creditNotes.create(actor, { recipientId: bakery.id, issueDate: '2026-02-01', lines: [line('25', '20', 'Gutschrift')] })
  const creditNote = (await invoicing.creditNotes.update(actor, creditDraft.id, { status: 'FINAL' })).invoice
  const cancelled = await issued('2026-02-02', bakery.id, [line('10', '20'), line('10', '10')])
  clock.set('2026-02-03T08:00:00.000Z')
  const { cancellationCreditNote } = await invoicing.invoices.cancel(actor, cancelled.id)
  clock.set('2026-08-01T08:00:00.000Z')

  const company = (await storage.companies.get(companyId))!
  const policy = EXPORT_POLICIES.BMD
  /** The BMD file of a request (default: the whole scenario, 2025-12-01 to 2026-07-31), as the export service would write it. */
  const exportOf = async (input: Record<string, unknown> = {}) => {
    const parameters = policy.parametersOf({ from: '2025-12-01', to: '2026-07-31', ...input }, company)
    const findings = new ExportFindings()
    const included: string[] = []
    const now = clock.now()
    const file = await writtenExport(policy.write(storage, company, parameters, { exportId: 'export-1', now, today: '2026-08-01', findings, include: (id) => included.push(id) }))
    const summary = file.summary as { rows: number; documents: number; skipped: ExportFinding[]; warnings: ExportFinding[] }
    return { ...file, summary, findings, included, parameters }
  }
  const all = [...Object.values(documents), creditNote, cancelled, cancellationCreditNote!]
  return { invoicing, actor, clock, storage, company, exportOf, documents, creditNote, cancelled, cancellationCreditNote: cancellationCreditNote!, all, bakery }
}

