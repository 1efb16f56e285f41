import { type ApiKey, SCOPES } from '../access'
import type { AuditEntry } from '../audit'
import type { DocumentCategory } from '../categories'
import type { Company } from '../companies'
import type { Customer } from '../customers'
import type { DomainEvent } from '../events'
import type { FileDocument } from '../file-documents'
import type { IdempotencyRecord } from '../idempotency'
import type { OrderDocument } from '../order-documents'
import type { Invoice } from '../invoices'
import type { DocumentLine } from '../sales-documents'
import { DEFAULT_NUMBER_RANGES } from '../numbering'
import type { Reminder } from '../dunning'
import type { Payment } from '../payments'
import type { Product } from '../products'
import type { RecurringOccurrence, RecurringSchedule } from '../recurring-schedules'
import type { SendReservation } from '../sending'
import type { DocumentVersion } from '../versions'
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../webhooks'

/** Record builders for storage tests: complete records with every field set, overridable. */
let counter = 0
const nextId = (prefix: string) => `${prefix}${(++counter).toString(36).padStart(6, '0')}`

export function aCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: nextId('co'),
    name: 'Müller & Söhne GmbH',
    street: 'Hauptstraße 1', zipCode: '10115', city: 'Berlin', country: 'DE',
    email: 'rechnung@example.de', phone: '+49 30 123456', website: 'https://example.de',
    vatId: 'DE123456789', taxNumber: '12/345/67890',
    iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank', sepaCreditorId: 'DE98ZZZ09999999999',
    plan: 'PROFESSIONAL', documentQuota: null, apiCallQuota: 1234, storageQuotaBytes: 5_000_000,
    paymentTermDays: 14, defaultLocale: 'de', smallBusiness: false, ossRegistered: true,
    reminderFees: { 1: '0', 2: '5', 3: '10.5' }, defaultInterestRate: '9.12',
    texts: { en: { INVOICE: { footer: 'Thank you' } } },
    numberRanges: DEFAULT_NUMBER_RANGES, timeZone: 'Europe/Berlin', quoteValidityDays: 30,
    datev: {
      consultantNumber: 29098, clientNumber: 55003, chartOfAccounts: 'SKR04', accountLength: 5, fiscalYearStartMonth: 7, lockBookings: true,
      defaultDebtorAccount: '123456', revenueAccounts: { OSS: '43210', DOMESTIC_ZERO: '44000' }, buKeys: { DOMESTIC_ZERO: '40' }, bankAccount: '18100',
    },
    bmd: {
      defaultDebtorAccount: '20000', revenueAccounts: { DEFAULT: '4010', INTRA_COMMUNITY: '4100' }, taxCodes: { INTRA_COMMUNITY: '7' },
      postingSymbols: { INVOICE: 'AR', CREDIT_NOTE: 'GU' }, documentNumberMode: 'AS_IS',
    },
    vatReturn: { basis: 'CASH', otherExemptionKz: '43' },
    sepa: { painVersion: 'pain.008.001.02', batchBooking: false, useFirstSequenceType: true, transliterate: false },
    createdAt: '2026-01-02T03:04:05.678Z', updatedAt: '2026-01-02T03:04:05.678Z',
    ...overrides,
  }
}

export function anApiKey(companyId: string, overrides: Partial<ApiKey> = {}): ApiKey {
  const id = nextId('key')
  return {
    id, companyId, name: 'Shop', keyHash: `hash-${id}`, keyPrefix: 'sk_live_abcd',
    scopes: [...SCOPES], platformAdmin: false,
    createdAt: '2026-01-02T03:04:05.678Z', revokedAt: null, lastUsedAt: null,
    ...overrides,
  }
}

export function aCustomer(companyId: string, overrides: Partial<Customer> = {}): Customer {
  const id = nextId('cu')
  return {
    id, companyId, customerNumber: `KD-${id}`, name: 'Ärztehaus Übersee', email: 'info@example.at',
    street: 'Ringstraße 5', zipCode: '1010', city: 'Wien', country: 'AT',
    vatId: 'ATU12345678', taxNumber: null, paymentTermDays: 30, defaultLocale: 'en',
    buyerReference: '04011000-12345-67', notes: 'Ruft gern an', iban: null, bic: null,
    sepaMandateId: 'M-1', sepaMandateDate: '2026-01-01', sepaMandateType: 'B2B', sepaMandateSequence: 'ONE_OFF', sepaMandateLastUsedAt: '2026-02-03',
    ledgerAccount: '10042',
    createdAt: '2026-01-02T03:04:05.678Z', updatedAt: '2026-01-02T03:04:05.678Z',
    ...overrides,
  }
}

export function aProduct(companyId: string, overrides: Partial<Product> = {}): Product {
  const id = nextId('pr')
  return {
    id, companyId, productNumber: `P-${id}`, name: 'Beratung', description: 'Stunde Beratung\nvor Ort',
    unitPrice: '95.125', taxRate: '19', unit: 'h', lineType: 'SERVICE',
    createdAt: '2026-01-02T03:04:05.678Z', updatedAt: '2026-01-02T03:04:05.678Z',
    ...overrides,
  }
}

export function anInvoiceLine(overrides: Partial<DocumentLine> = {}): DocumentLine {
  return {
    id: nextId('li'), lineType: 'SERVICE', productId: nextId('pr'), description: 'Beratung „vor Ort“ – Übersetzung ✓ 日本語',
    quantity: '2.5', unit: 'h', unitPrice: '95.125', discount: '0.125', requestedTaxRate: '19.0', taxRate: '19', taxCategory: 'S', netAmount: '237.69', sourceLineId: null,
    ...overrides,
  }
}

/**
 * A document with every field set to a value other than its default and lines of several
 * types. `documentCategoryId` is null: a stored category must exist for it (pass one in).
 */
export function anInvoice(companyId: string, customerId: string, overrides: Partial<Invoice> = {}): Invoice {
  const id = nextId('in')
  return {
    id, companyId, number: `RE-2026-${id}`, numberIssued: true, documentType: 'CREDIT_NOTE', status: 'SENT',
    customerId, documentCategoryId: null, documentLocale: 'en', documentTextVersion: '3',
    issueDate: '2026-02-10', dueDate: '2026-02-24', servicePeriodStart: '2026-01-01', servicePeriodEnd: '2026-01-31',
    currency: 'CHF', netTotal: '-227.69', taxTotal: '-43.26', grossTotal: '-270.95',
    taxBreakdown: [
      { taxCategory: 'S', taxRate: '19', netAmount: '-237.69', taxAmount: '-45.16' },
      { taxCategory: 'AE', taxRate: '0', netAmount: '10.00', taxAmount: '0.00' },
    ],
    reverseCharge: true, taxExemptionReason: 'REVERSE_CHARGE_EU', taxExemptionNote: 'Steuerschuldnerschaft des Leistungsempfängers',
    taxCountry: 'AT', deliveryCountry: 'IT', ossApplicable: true, ossCountry: 'IT',
    notes: 'Zahlbar ohne Abzug.\nDanke!', footer: 'Müller & Söhne · Berlin', headerText: 'Sehr geehrte Damen und Herren,',
    customTitle: 'Gutschrift Nr. ½', pdfWithoutLetterhead: true, invoiceDateIsServiceDate: true, useShippingAddress: true,
    shippingName: 'Lager Süd', shippingStreet: 'Via Roma 1', shippingZipCode: '00100', shippingCity: 'Roma', shippingCountry: 'IT',
    orderNumber: 'PO-4711', buyerReference: '04011000-12345-67',
    eInvoiceAudit: { format: 'XRECHNUNG', valid: false, warnings: ['BR-DE-15', 'Ä'], checkedAt: '2026-02-10T08:00:00.000Z', score: 0.5, extra: null },
    metadata: { shopOrder: 4711, tags: ['b2b', 'Übersee'], nested: { ok: true, amount: '0.125', none: null } },
    sentAt: '2026-02-10T09:00:00.000Z', paidAt: '2026-02-20T10:00:00.000Z', lockedAt: '2026-02-10T08:59:00.000Z',
    creditNoteReason: 'PRICE_CORRECTION', precedingDocument: { documentType: 'PROFORMA', id: nextId('pf') },
    sourceDocuments: [{ documentType: 'DELIVERY_NOTE', id: nextId('ls') }, { documentType: 'ORDER', id: nextId('au') }],
    recurringScheduleId: nextId('rs'), recurringOccurrenceDate: '2026-02-01',
    payout: { status: 'FAILED', reference: 'Rückläufer ✓', note: 'IBAN falsch', executedAt: null, updatedAt: '2026-02-21T12:00:00.000Z' },
    dunningPaused: true, dunningPausedAt: '2026-02-21T11:00:00.000Z', dunningPausedReason: 'Kunde hat Rückfrage ❓',
    lines: [
      anInvoiceLine(),
      anInvoiceLine({ lineType: 'TEXT', productId: null, description: 'Nur Text', quantity: '0', unit: null, unitPrice: '0', discount: '0', requestedTaxRate: null, taxRate: '0', taxCategory: null, netAmount: '0' }),
      anInvoiceLine({ lineType: 'DISCOUNT_ABSOLUTE', productId: null, description: 'Rabatt', quantity: '1', unit: null, unitPrice: '10.00', discount: '0', requestedTaxRate: null, taxRate: '0', taxCategory: 'AE', netAmount: '-10.00' }),
      anInvoiceLine({ lineType: 'SUBTOTAL', productId: null, description: null, quantity: '0', unit: null, unitPrice: '0', discount: '0', requestedTaxRate: null, taxRate: '0', taxCategory: null, netAmount: '0' }),
    ],
    createdAt: '2026-02-10T08:00:00.000Z', updatedAt: '2026-02-21T11:00:00.000Z',
    ...overrides,
  }
}

/**
 * An order document with every field set to a value other than its default (a delivery note's
 * and a quote's fields at once, which no real document has: the store keeps what it is given).
 */
export function anOrderDocument(companyId: string, customerId: string, overrides: Partial<OrderDocument> = {}): OrderDocument {
  const id = nextId('od')
  const { dueDate: _, invoiceDateIsServiceDate: __, eInvoiceAudit: ___, paidAt: ____, creditNoteReason: _____, payout: ______,
    dunningPaused: _______, dunningPausedAt: ________, dunningPausedReason: _________, sourceDocuments: __________,
    recurringScheduleId: ___________, recurringOccurrenceDate: ____________, ...shared } = anInvoice(companyId, customerId)
  const lines = shared.lines.map((line, index) => ({ ...line, sourceLineId: index === 0 ? nextId('src') : null }))
  return {
    ...shared,
    id, number: `LS-2026-${id}`, documentType: 'DELIVERY_NOTE', status: 'DELIVERED', lines,
    precedingDocument: { documentType: 'ORDER_CONFIRMATION', id: nextId('ab') },
    finalizedAt: '2026-02-10T08:30:00.000Z', validUntil: '2026-03-12', acceptedAt: '2026-02-11T08:00:00.000Z',
    rejectedAt: '2026-02-12T08:00:00.000Z', rejectionReason: 'Zu teuer – „leider“', expiredAt: '2026-03-13T00:00:00.000Z',
    deliveryDate: '2026-02-14', completedAt: '2026-02-15T08:00:00.000Z', completedAutomatically: true, showPrices: true,
    trackingReference: 'DHL 00340434161094042557', deliveredAt: '2026-02-16T08:00:00.000Z', requestedDeliveryDate: '2026-02-13',
    externalId: `shop-${id}`, source: 'shop', deliveryStatus: 'PARTIAL', invoiceStatus: 'FULL',
    convertedQuantities: { [lines[0]!.id]: { INVOICE: '2.5', DELIVERY_NOTE: '1.125' } },
    ...overrides,
  }
}

/** A schedule with every field set to a value other than its default (ACTIVE and due, so the scheduler's queries find it). */
export function aRecurringSchedule(companyId: string, customerId: string, overrides: Partial<RecurringSchedule> = {}): RecurringSchedule {
  return {
    id: nextId('rs'), companyId, name: 'Wartung „Praxis“ – Ärzte & Co. ✓', customerId, targetType: 'INVOICE',
    template: {
      customerId, documentLocale: 'en', paymentTermDays: 21, headerText: 'Leistung {{monthName}} {{year}}',
      lines: [{ lineType: 'SERVICE', description: 'Wartung {{periodStart}} – {{periodEnd}} 日本語', quantity: '1.5', unitPrice: '95.125', taxRate: '19' }],
      metadata: { contract: 'V-7', none: null },
    },
    startDate: '2026-01-31', intervalUnit: 'WEEK', intervalCount: 3, monthEnd: true, endDate: '2027-12-31', maxOccurrences: 36,
    servicePeriodMode: 'PREVIOUS_PERIOD', issueMode: 'SEND', recipientEmail: 'buchhaltung@example.at',
    cc: ['chef@example.at', 'ü@example.at'], bcc: ['archiv@example.de'], catchUpMode: 'LATEST', status: 'ACTIVE',
    metadata: { crm: 'abc-1', tags: ['Übersee'], nested: { ok: true } },
    nextRunDate: '2026-03-14', lastRunAt: '2026-02-21T06:00:00.000Z', occurrencesCreated: 3, occurrencesSkipped: 1,
    lastOccurrenceDate: '2026-02-21', occurrenceCount: 4,
    lastError: { code: 'plan_limit_reached', message: 'Kontingent „erschöpft“', at: '2026-02-21T06:00:01.000Z' },
    createdAt: '2026-01-05T03:04:05.678Z', updatedAt: '2026-02-21T06:00:02.000Z',
    ...overrides,
  }
}

/** An occurrence with every field set to a value other than its default (a send waiting for its next attempt). */
export function anOccurrence(companyId: string, scheduleId: string, overrides: Partial<RecurringOccurrence> = {}): RecurringOccurrence {
  return {
    id: nextId('ro'), companyId, scheduleId, sequence: 4, occurrenceDate: '2026-02-21', periodStart: '2026-01-31', periodEnd: '2026-02-20',
    status: 'PENDING_SEND', skipReason: 'MISSED', invoiceId: nextId('in'), invoiceNumber: 'RE-2026-00042', attempts: 2,
    nextAttemptAt: '2026-02-21T07:00:00.000Z', error: { code: 'mail_failed', message: 'SMTP 451 „später“' },
    createdAt: '2026-02-21T06:00:00.000Z', updatedAt: '2026-02-21T06:10:00.000Z',
    ...overrides,
  }
}

/**
 * A document (file) with every field set to a value other than its default: AVAILABLE, with a
 * title, a description and two links (ids of records that need not exist).
 */
export function aFileDocument(companyId: string, overrides: Partial<FileDocument> = {}): FileDocument {
  const id = nextId('fd')
  return {
    id, companyId, fileName: `Vertrag „Müller“ ${id}.pdf`, contentType: 'application/pdf', size: 123_456,
    sha256: 'a3f1c0de'.repeat(8), status: 'AVAILABLE', title: 'Rahmenvertrag Ärztehaus', description: 'Unterschrieben – 2 Seiten ✓',
    category: 'CONTRACT',
    links: [
      { id: nextId('fl'), type: 'CUSTOMER', targetId: nextId('cu'), sendWithDocument: false, createdAt: '2026-03-01T10:00:00.000Z' },
      { id: nextId('fl'), type: 'INVOICE', targetId: nextId('in'), sendWithDocument: true, createdAt: '2026-03-01T10:00:01.000Z' },
    ],
    createdAt: '2026-03-01T09:59:59.000Z', uploadedAt: '2026-03-01T10:00:00.500Z', updatedAt: '2026-03-02T08:00:00.000Z',
    createdByKeyId: nextId('key'),
    ...overrides,
  }
}

export function aDocumentCategory(companyId: string, overrides: Partial<DocumentCategory> = {}): DocumentCategory {
  return { id: nextId('dc'), companyId, name: 'Beratung & Schulung', createdAt: '2026-01-03T04:05:06.789Z', ...overrides }
}

export function anIdempotencyRecord(companyId: string, overrides: Partial<IdempotencyRecord> = {}): IdempotencyRecord {
  const id = nextId('ik')
  return {
    companyId, key: `key-${id}`, fingerprint: `sha256:${id}`,
    responseStatus: 201, responseBody: { id: nextId('in'), total: '119.00', lines: [{ note: 'Grüße' }], paid: false, none: null },
    resourceId: nextId('in'), createdAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  }
}

export function anEvent(companyId: string, overrides: Partial<DomainEvent> = {}): DomainEvent {
  return {
    id: nextId('evt'), companyId, type: 'invoice.sent', createdAt: '2026-03-01T00:00:00.000Z',
    data: { id: nextId('in'), grossTotal: '119.00', customer: { name: 'Ärztehaus' }, lines: [1, 2], sentAt: null },
    ...overrides,
  }
}

export function anAuditEntry(companyId: string, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: nextId('au'), companyId, apiKeyId: nextId('key'), action: 'INVOICE_SENT_VIA_API', targetType: 'invoice',
    targetId: nextId('in'), createdAt: '2026-03-01T00:00:00.000Z', details: { from: 'FINAL', to: 'SENT', note: 'für Öffentlichkeit' },
    ...overrides,
  }
}

/**
 * Version 1 of a document, its snapshot made of complete records (the invoice under
 * `invoiceId`, its customer and company, and a parent invoice).
 */
export function aDocumentVersion(companyId: string, invoiceId: string, overrides: Partial<DocumentVersion> = {}): DocumentVersion {
  const customer = aCustomer(companyId)
  return {
    id: nextId('ver'), companyId, invoiceId, versionNumber: 1, changeType: 'CORRECTION', changeReason: 'Anschrift korrigiert – „Übersee“',
    snapshot: {
      invoice: anInvoice(companyId, customer.id, { id: invoiceId }),
      customer,
      company: aCompany({ id: companyId }),
      parentInvoice: anInvoice(companyId, customer.id, { documentType: 'INVOICE', precedingDocument: null }),
    },
    pdfKey: `versions/${companyId}/${invoiceId}/v1.pdf`, createdAt: '2026-03-01T00:00:00.000Z', createdBy: nextId('key'),
    ...overrides,
  }
}

/** A reservation expiring ten minutes after 2026-03-01T00:00:00.000Z. */
export function aSendReservation(companyId: string, invoiceId: string, overrides: Partial<SendReservation> = {}): SendReservation {
  return { companyId, invoiceId, token: nextId('tok'), idempotencyKey: null, expiresAt: '2026-03-01T00:10:00.000Z', ...overrides }
}

/**
 * A payment of 1,234.50 (the trailing zero must survive) by bank transfer. `movedFromInvoiceId`
 * is null: a stored document must exist for it (pass one in).
 */
export function aPayment(companyId: string, invoiceId: string, overrides: Partial<Payment> = {}): Payment {
  return {
    id: nextId('pay'), companyId, invoiceId, amount: '1234.50', paymentDate: '2026-03-01', paymentMethod: 'BANK_TRANSFER',
    reference: 'RE-2026-0001 / Überweisung', notes: 'Anzahlung „50 %“ ✓', movedFromInvoiceId: null,
    createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  }
}

export function aWebhookEndpoint(companyId: string, overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: nextId('wh'), companyId, url: 'https://hooks.example.com/invoicing?token=ä', events: ['invoice.created', 'invoice.paid'],
    description: 'Buchhaltung „live“', active: true, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  }
}

export function aWebhookDelivery(companyId: string, endpointId: string, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: nextId('wd'), companyId, endpointId, messageId: nextId('evt'), eventType: 'invoice.created',
    payload: '{"id":"evt","data":{"name":"Ärztehaus"}}', status: 'PENDING', attempts: 0, nextAttemptAt: '2026-03-01T10:00:00.000Z', leasedUntil: null,
    createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  }
}

export function aWebhookAttempt(delivery: WebhookDelivery, overrides: Partial<WebhookAttempt> = {}): WebhookAttempt {
  return {
    id: nextId('wa'), companyId: delivery.companyId, endpointId: delivery.endpointId, deliveryId: delivery.id,
    messageId: delivery.messageId, eventType: delivery.eventType, attempt: 1, succeeded: false, statusCode: 503,
    error: 'HTTP 503', responseBody: 'Service „unavailable“', durationMs: 12, attemptedAt: '2026-03-01T10:00:01.000Z',
    nextAttemptAt: '2026-03-01T10:01:01.000Z',
    ...overrides,
  }
}

export function aReminder(companyId: string, invoiceId: string, overrides: Partial<Reminder> = {}): Reminder {
  return {
    id: nextId('rem'), companyId, invoiceId, level: 1, sentAt: '2026-03-20T09:00:00.000Z', sentTo: 'buchhaltung@kunde.de',
    fee: '5.00', interestRate: '9.12', interestDays: 30, interestAmount: '0.90', daysOverdue: 30,
    remainingAmount: '119.00', totalAmount: '124.90',
    ...overrides,
  }
}
