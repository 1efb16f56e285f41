import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import type { Company } from '../companies/company'
import { createInvoicing } from '../create-invoicing'
import { createEventBus } from '../events/event-bus'
import { cuidIds } from '../ports/ids'
import { createManualClock, createMemoryStorage, failsWith } from '../testing'
import { createUnitOfWork } from '../unit-of-work/unit-of-work'
import type { DocumentKind } from './document-kind'
import { signedFor } from './pricing'
import type { SalesDocument } from './sales-document'
import { changeStatus, isContentEditable, isOpen } from './status-changes'

/**
 * A kind that exists only in this test: a work report, signed by the customer on site. Adding
 * a kind takes its entry (this object) and its own rules; the shared rules below read the entry.
 */
interface WorkReport extends SalesDocument {
  status: 'DRAFT' | 'OPEN' | 'SIGNED' | 'CANCELLED'
}

const WORK_REPORT_KIND: DocumentKind<WorkReport> = {
  statuses: ['DRAFT', 'OPEN', 'SIGNED', 'CANCELLED'],
  transitionsOf: () => ({ DRAFT: ['OPEN', 'CANCELLED'], OPEN: ['SIGNED', 'DRAFT', 'CANCELLED'], SIGNED: [], CANCELLED: [] }),
  isContentEditable: (report) => report.status === 'DRAFT',
  openStatuses: ['DRAFT', 'OPEN'],
  numbering: { range: 'PROFORMA', countsAgainstQuota: false, issuedAudit: { action: 'INVOICE_NUMBER_ISSUED', targetType: 'invoice' } },
  sign: -1,
  printKind: () => 'INVOICE',
  eInvoice: null,
  settlement: null,
  directDebit: false,
  remindable: false,
  correctable: false,
  creditable: false,
  cancellation: 'status',
  sendable: false,
  convertibleTo: [],
  convertibleIn: [],
  statusAfterConversion: {},
  fulfilment: null,
  resource: 'work_report',
  duplicateAs: null,
}

async function setup() {
  const clock = createManualClock('2026-03-15T10:00:00.000Z')
  const storage = createMemoryStorage()
  const invoicing = createInvoicing({ storage, clock })
  // The monthly quota is used up: documents of kinds that count cannot leave draft.
  const company = await invoicing.companies.create({ name: 'Montage GmbH', documentQuota: 0 })
  const inUnitOfWork = createUnitOfWork({ storage, clock, ids: cuidIds, events: createEventBus(() => {}) })
  const run = <T>(work: (unit: Parameters<Parameters<typeof inUnitOfWork>[1]>[0], company: Company) => Promise<T>) =>
    inUnitOfWork(companyActor(company.id), (unit) => work(unit, company))
  return { storage, company, run }
}

const aDraft = (companyId: string, documentType: SalesDocument['documentType'] = 'INVOICE'): WorkReport => ({
  id: 'wr-1', companyId, documentType, number: 'ENTWURF-wr-1', numberIssued: false, status: 'DRAFT', customerId: 'cu-1',
  documentCategoryId: null, documentLocale: 'de', documentTextVersion: '2026-1', issueDate: '2026-03-15', servicePeriodStart: null,
  servicePeriodEnd: null, currency: 'EUR', netTotal: '0.00', taxTotal: '0.00', grossTotal: '0.00', taxBreakdown: [], reverseCharge: false,
  taxExemptionReason: 'NONE', taxExemptionNote: null, taxCountry: 'DE', deliveryCountry: 'DE', ossApplicable: false, ossCountry: null,
  notes: null, footer: null, headerText: null, customTitle: null, pdfWithoutLetterhead: false, useShippingAddress: false,
  shippingName: null, shippingStreet: null, shippingZipCode: null, shippingCity: null, shippingCountry: null, orderNumber: null,
  buyerReference: null, metadata: {}, precedingDocument: null, lines: [], sentAt: null, lockedAt: null,
  createdAt: '2026-03-15T10:00:00.000Z', updatedAt: '2026-03-15T10:00:00.000Z',
})

describe('a kind of document is an entry of the kinds table', () => {
  it('moves along its own transition table, and any other change is 400 naming what it allows', async () => {
    const { company, run } = await setup()
    const draft = aDraft(company.id)
    await assert.rejects(run((unit) => changeStatus(unit, company, draft, 'SIGNED', WORK_REPORT_KIND)),
      failsWith('invalid_status_transition', { allowedTransitions: ['OPEN', 'CANCELLED'] }))
    const open = await run((unit) => changeStatus(unit, company, draft, 'OPEN', WORK_REPORT_KIND))
    const signed = await run((unit) => changeStatus(unit, company, open, 'SIGNED', WORK_REPORT_KIND))
    assert.deepEqual([open.status, signed.status], ['OPEN', 'SIGNED'])
    await assert.rejects(run((unit) => changeStatus(unit, company, signed, 'OPEN', WORK_REPORT_KIND)),
      failsWith('invalid_status_transition', { allowedTransitions: [] }))
  })

  it('takes its number from its range when it leaves draft, counted against the quota only if its entry says so', async () => {
    const { storage, company, run } = await setup()
    const open = await run((unit) => changeStatus(unit, company, aDraft(company.id), 'OPEN', WORK_REPORT_KIND))
    assert.deepEqual([open.number, open.numberIssued], ['PF-2026-00001', true])
    assert.equal((await storage.usage.get(company.id, '2026-03')).documentsIssued, 0)
    const cancelled = await run((unit) => changeStatus(unit, company, { ...aDraft(company.id), id: 'wr-2' }, 'CANCELLED', WORK_REPORT_KIND))
    assert.deepEqual([cancelled.number, cancelled.numberIssued], ['ENTWURF-wr-1', false], 'a draft cancelled takes no number')
    // Under an entry that counts, the used-up quota refuses it before a number is taken.
    const counted: DocumentKind<WorkReport> = { ...WORK_REPORT_KIND, numbering: { ...WORK_REPORT_KIND.numbering, countsAgainstQuota: true } }
    await assert.rejects(run((unit) => changeStatus(unit, company, aDraft(company.id), 'OPEN', counted)), failsWith('plan_limit_reached'))
    assert.equal(await storage.sequences.current(company.id, 'PROFORMA:2026'), 1)
  })

  it('decides by its entry whether content may change, whether it is open, and the sign its lines are stored with', () => {
    const draft = aDraft('co-1')
    assert.deepEqual(WORK_REPORT_KIND.statuses.map((status) => isContentEditable({ ...draft, status }, WORK_REPORT_KIND)), [true, false, false, false])
    assert.deepEqual(WORK_REPORT_KIND.statuses.map((status) => isOpen({ ...draft, status }, WORK_REPORT_KIND)), [true, true, false, false])
    const line = { lineType: 'SERVICE' as const, productId: null, description: 'Montage', quantity: '2', unit: 'h', unitPrice: '80', discount: '5', taxRate: null, sourceLineId: null }
    assert.deepEqual(signedFor(WORK_REPORT_KIND.sign, [line]).map(({ quantity, discount }) => [quantity, discount]), [['-2', '-5']])
  })
})
