import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parse } from 'csv-parse/sync'
import { companyActor } from '../../access/actor'
import { createInvoicing } from '../../create-invoicing'
import { createManualClock, createMemoryStorage, failsWith } from '../../testing'
import { writtenExport } from '../written-export'
import { CSV_DIALECTS, CSV_ENTITIES, type CsvDialect, type CsvEntity, type CsvExportParameters, writeCsvExport } from '.'

/** Values a CSV writer gets wrong when it writes by hand: separators, quotes, line breaks, umlauts, a formula. */
const TRICKY_NAME = 'Müller; Söhne, "Bäckerei" =SUMME(A1)'
const TRICKY_DESCRIPTION = '=1+2 Größe: 10"; Farbe: grün,\r\nzweite Zeile\ndritte Zeile'

/** The columns of the contract, in its order. */
const HEADERS: Record<CsvEntity, string[]> = {
  invoices: ['id', 'number', 'invoice_type', 'status', 'issue_date', 'due_date', 'service_period_start', 'service_period_end', 'customer_id',
    'customer_number', 'customer_name', 'customer_vat_id', 'customer_country', 'currency', 'net_total', 'tax_total', 'gross_total', 'paid_amount',
    'amount_due', 'tax_exemption_reason', 'reverse_charge', 'oss_applicable', 'oss_country', 'tax_country', 'order_number', 'buyer_reference',
    'document_locale', 'parent_invoice_id', 'credit_note_reason', 'sent_at', 'paid_at', 'created_at'],
  invoice_lines: ['invoice_id', 'invoice_number', 'position', 'line_type', 'product_id', 'description', 'quantity', 'unit', 'unit_price', 'discount',
    'net_amount', 'tax_rate', 'tax_amount', 'gross_amount'],
  payments: ['id', 'invoice_id', 'invoice_number', 'payment_date', 'amount', 'payment_method', 'reference', 'notes', 'created_at'],
  customers: ['id', 'customer_number', 'name', 'email', 'street', 'zip_code', 'city', 'country', 'vat_id', 'tax_number', 'buyer_reference',
    'payment_term_days', 'iban', 'bic', 'sepa_mandate_id', 'sepa_mandate_date', 'ledger_account', 'created_at'],
  ...orderDocumentHeaders(),
}

function orderDocumentHeaders() {
  const shared = (date: string) => ['id', 'number', 'status', date, 'customer_id', 'customer_number', 'customer_name', 'currency', 'net_total',
    'tax_total', 'gross_total', 'order_number', 'invoice_status', 'delivery_status', 'preceding_document_type', 'preceding_document_id', 'created_at']
  return {
    quotes: [...shared('issue_date'), 'valid_until'],
    order_confirmations: shared('issue_date'),
    delivery_notes: [...shared('issue_date'), 'delivery_date'],
    orders: [...shared('order_date'), 'external_id'],
  }
}

const DELIMITERS: Record<CsvDialect, string> = { rfc4180: ',', 'excel-de': ';' }

/** The oracle: strict csv-parse, every record as long as the header. */
function parsed(content: Uint8Array, dialect: CsvDialect): string[][] {
  return parse(Buffer.from(content), {
    delimiter: DELIMITERS[dialect], bom: true, relax_quotes: false, relax_column_count: false, record_delimiter: '\r\n',
  }) as string[][]
}

/** The records as objects by header name. */
function recordsOf(content: Uint8Array, dialect: CsvDialect): Record<string, string>[] {
  const [header, ...rows] = parsed(content, dialect)
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])))
}

async function setup() {
  const clock = createManualClock('2026-03-16T09:00:00.000Z')
  const storage = createMemoryStorage()
  const invoicing = createInvoicing({ storage, clock })
  const companyId = (await invoicing.companies.create({ name: 'Muster GmbH', vatId: 'DE123456789' })).id
  const actor = companyActor(companyId)
  const plain = await invoicing.customers.create(actor, { name: 'Kunde AG', country: 'DE' })
  const tricky = await invoicing.customers.create(actor, {
    name: TRICKY_NAME, country: 'DE', vatId: 'DE811569869', iban: 'DE89370400440532013000', sepaMandateId: 'M-1', sepaMandateDate: '2026-01-15', ledgerAccount: '10042',
  })
  const lines = [
    { description: TRICKY_DESCRIPTION, quantity: '2.5', unitPrice: '80', unit: 'HUR' },
    { description: 'Stuhl', quantity: 3, unitPrice: '33.33', taxRate: '7' },
  ]
  const invoice = async (issueDate: string, customerId: string, status: 'FINAL' | 'DRAFT' = 'FINAL', invoiceType: 'INVOICE' | 'PROFORMA' = 'INVOICE') => {
    const draft = await invoicing.invoices.create(actor, { customerId, issueDate, lines, invoiceType })
    return status === 'DRAFT' ? draft : (await invoicing.invoices.update(actor, draft.id, { status })).invoice
  }
  // Issued in an order unlike the file's: the file orders by issueDate, then number.
  const march2b = await invoice('2026-03-02', plain.id)
  const march2a = await invoice('2026-03-02', tricky.id)
  const march1 = await invoice('2026-03-01', tricky.id)
  const draft = await invoice('2026-03-03', plain.id, 'DRAFT')
  const proforma = await invoice('2026-03-04', plain.id, 'DRAFT', 'PROFORMA')
  const april = await invoice('2026-04-01', plain.id)
  const creditNote = await invoicing.creditNotes.create(actor, { recipientId: tricky.id, issueDate: '2026-03-05', lines: [{ description: 'Gutschrift', unitPrice: '10' }] })
  await invoicing.payments.record(actor, march2a.id, { amount: '100.00', paymentDate: '2026-03-10', reference: TRICKY_NAME })
  await invoicing.payments.record(actor, march1.id, { amount: '50', paymentDate: '2026-03-09' })
  await invoicing.payments.record(actor, march1.id, { amount: '25.00', paymentDate: '2026-04-02' })

  const docs = invoicing.orderDocuments
  const orderDocument = async (type: 'QUOTE' | 'ORDER_CONFIRMATION' | 'DELIVERY_NOTE' | 'ORDER', issueDate: string, input: Record<string, unknown> = {}) => {
    const created = await docs.create(actor, type, { customerId: tricky.id, issueDate, lines, orderNumber: TRICKY_DESCRIPTION, ...input })
    return type === 'ORDER' ? created : docs.update(actor, type, created.id, { status: 'OPEN' })
  }
  const quote = await orderDocument('QUOTE', '2026-03-06', { validUntil: '2026-04-30' })
  const confirmation = await orderDocument('ORDER_CONFIRMATION', '2026-03-07')
  const deliveryNote = await orderDocument('DELIVERY_NOTE', '2026-03-08', { deliveryDate: '2026-03-09' })
  const order = await orderDocument('ORDER', '2026-03-09', { externalId: 'SHOP-4711', orderDate: '2026-03-09' })

  const company = (await storage.companies.get(companyId))!
  const exportOf = async (parameters: Partial<CsvExportParameters> & { entity: CsvEntity }) => {
    const documentIds: string[] = []
    const file = await writtenExport(writeCsvExport(
      storage, company, { dialect: 'rfc4180', from: '2026-03-01', to: '2026-03-31', today: '2026-03-16', ...parameters }, (id) => documentIds.push(id),
    ))
    return { ...file, rows: file.summary.rows as number, documentIds }
  }
  return {
    exportOf, plain, tricky, march1, march2a, march2b, draft, proforma, april, creditNote, quote, confirmation, deliveryNote, order, invoicing, actor,
  }
}

describe('CSV export', () => {
  it('parses strictly to exactly `rows` records plus the header, with the contract\'s columns, for every entity and dialect', async () => {
    const { exportOf } = await setup()
    const expectedRows: Record<CsvEntity, number> = {
      invoices: 5, invoice_lines: 9, payments: 2, customers: 2, quotes: 1, order_confirmations: 1, delivery_notes: 1, orders: 1,
    }
    for (const entity of CSV_ENTITIES) {
      for (const dialect of CSV_DIALECTS) {
        const file = await exportOf({ entity, dialect })
        const records = parsed(file.content, dialect)
        assert.deepEqual(records[0], HEADERS[entity], `${entity} ${dialect}`)
        assert.equal(file.rows, expectedRows[entity], `${entity} ${dialect}`)
        assert.equal(records.length, file.rows + 1, `${entity} ${dialect}`)
        assert.ok(records.every((record) => record.length === HEADERS[entity].length))
        assert.equal(file.contentType, 'text/csv; charset=utf-8')
      }
    }
  })

  it('writes an invoice in rfc4180: exact amounts with a point, ISO dates, booleans, empty fields, payments summed', async () => {
    const { exportOf, march2a, tricky } = await setup()
    const file = await exportOf({ entity: 'invoices' })
    const row = recordsOf(file.content, 'rfc4180').find((record) => record.id === march2a.id)!
    assert.equal(row.number, march2a.number)
    assert.equal(row.invoice_type, 'INVOICE')
    assert.equal(row.status, 'FINAL')
    assert.equal(row.issue_date, '2026-03-02')
    assert.equal(row.customer_number, tricky.customerNumber)
    assert.equal(row.customer_name, TRICKY_NAME)
    assert.equal(row.customer_vat_id, 'DE811569869')
    // 2.5 × 80 = 200.00 at 19 %, 3 × 33.33 = 99.99 at 7 %: tax 38.00 + 7.00.
    assert.equal(row.net_total, '299.99')
    assert.equal(row.tax_total, '45.00')
    assert.equal(row.gross_total, '344.99')
    assert.equal(row.paid_amount, '100.00')
    assert.equal(row.amount_due, '244.99')
    assert.equal(row.reverse_charge, 'false')
    assert.equal(row.oss_applicable, 'false')
    assert.equal(row.oss_country, '')
    assert.equal(row.sent_at, '')
    assert.equal(row.created_at, '2026-03-16T09:00:00.000Z')
  })

  it('writes excel-de with a BOM, semicolons, decimal commas and German dates; rfc4180 without a BOM', async () => {
    const { exportOf, march2a } = await setup()
    const german = await exportOf({ entity: 'invoices', dialect: 'excel-de' })
    assert.deepEqual([...german.content.slice(0, 3)], [0xef, 0xbb, 0xbf])
    // ignoreBOM keeps the BOM in the text instead of taking it away.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(german.content)
    const germanStart = '\ufeffid;number;invoice_type;'
    assert.equal(text.slice(0, germanStart.length), germanStart)
    const row = recordsOf(german.content, 'excel-de').find((record) => record.id === march2a.id)!
    assert.equal(row.issue_date, '02.03.2026')
    assert.equal(row.net_total, '299,99')
    assert.equal(row.gross_total, '344,99')
    assert.equal(row.paid_amount, '100,00')
    assert.equal(row.created_at, '16.03.2026 10:00:00')
    const plain = await exportOf({ entity: 'invoices', dialect: 'rfc4180' })
    assert.notEqual(plain.content[0], 0xef)
    const plainStart = 'id,number,invoice_type,'
    assert.equal(new TextDecoder('utf-8', { ignoreBOM: true }).decode(plain.content).slice(0, plainStart.length), plainStart)
  })

  it('ends every record with CRLF, also the last', async () => {
    const { exportOf } = await setup()
    for (const dialect of CSV_DIALECTS) {
      // No customer value holds a line break: every LF is a record's end, after a CR.
      const file = await exportOf({ entity: 'customers', dialect })
      const text = new TextDecoder().decode(file.content)
      assert.equal(text.split('\n').length - 1, file.rows + 1)
      assert.equal(text.split('\r\n').length - 1, file.rows + 1)
      assert.equal(text.slice(-2), '\r\n')
    }
  })

  it('writes customers, payments and order documents with their values in both dialects', async () => {
    const { exportOf, tricky, march2a, quote, deliveryNote, order, confirmation } = await setup()
    const byDialect = { rfc4180: { date: '2026-01-15', amount: '100.00', paymentDate: '2026-03-10' }, 'excel-de': { date: '15.01.2026', amount: '100,00', paymentDate: '10.03.2026' } }
    for (const dialect of CSV_DIALECTS) {
      const expected = byDialect[dialect]
      const customer = recordsOf((await exportOf({ entity: 'customers', dialect })).content, dialect).find((record) => record.id === tricky.id)!
      assert.deepEqual(
        ['customer_number', 'vat_id', 'iban', 'sepa_mandate_id', 'sepa_mandate_date', 'payment_term_days', 'ledger_account', 'email'].map((column) => customer[column]),
        [tricky.customerNumber, 'DE811569869', 'DE89370400440532013000', 'M-1', expected.date, '', '10042', ''],
      )
      const payments = recordsOf((await exportOf({ entity: 'payments', dialect })).content, dialect)
      assert.deepEqual(payments.map((payment) => payment.payment_date), dialect === 'rfc4180' ? ['2026-03-09', '2026-03-10'] : ['09.03.2026', '10.03.2026'])
      const payment = payments[1]!
      assert.deepEqual([payment.invoice_id, payment.invoice_number, payment.payment_date, payment.amount], [march2a.id, march2a.number, expected.paymentDate, expected.amount])
      const [quoteRow] = recordsOf((await exportOf({ entity: 'quotes', dialect })).content, dialect)
      assert.deepEqual([quoteRow!.id, quoteRow!.number, quoteRow!.status, quoteRow!.invoice_status, quoteRow!.preceding_document_id], [quote.id, quote.number, 'OPEN', 'NONE', ''])
      assert.equal(quoteRow!.valid_until, dialect === 'rfc4180' ? '2026-04-30' : '30.04.2026')
      assert.equal(quoteRow!.gross_total, dialect === 'rfc4180' ? '344.99' : '344,99')
      const [noteRow] = recordsOf((await exportOf({ entity: 'delivery_notes', dialect })).content, dialect)
      assert.deepEqual([noteRow!.id, noteRow!.delivery_date], [deliveryNote.id, dialect === 'rfc4180' ? '2026-03-09' : '09.03.2026'])
      const [orderRow] = recordsOf((await exportOf({ entity: 'orders', dialect })).content, dialect)
      assert.deepEqual([orderRow!.id, orderRow!.order_date, orderRow!.external_id], [order.id, dialect === 'rfc4180' ? '2026-03-09' : '09.03.2026', 'SHOP-4711'])
      const [confirmationRow] = recordsOf((await exportOf({ entity: 'order_confirmations', dialect })).content, dialect)
      assert.deepEqual([confirmationRow!.id, confirmationRow!.issue_date], [confirmation.id, dialect === 'rfc4180' ? '2026-03-07' : '07.03.2026'])
    }
  })

  it('gives back tricky names and descriptions unchanged: separators, quotes, CR/LF, umlauts and a leading =', async () => {
    const { exportOf, tricky } = await setup()
    for (const dialect of CSV_DIALECTS) {
      const customers = recordsOf((await exportOf({ entity: 'customers', dialect })).content, dialect)
      assert.equal(customers.find((record) => record.id === tricky.id)!.name, TRICKY_NAME)
      const lines = recordsOf((await exportOf({ entity: 'invoice_lines', dialect })).content, dialect)
      assert.equal(lines[0]!.description, TRICKY_DESCRIPTION)
      const quotes = recordsOf((await exportOf({ entity: 'quotes', dialect })).content, dialect)
      assert.equal(quotes[0]!.order_number, TRICKY_DESCRIPTION)
      assert.equal(quotes[0]!.customer_name, TRICKY_NAME)
      const payments = recordsOf((await exportOf({ entity: 'payments', dialect })).content, dialect)
      assert.equal(payments.find((record) => record.amount!.startsWith('100'))!.reference, TRICKY_NAME)
    }
  })

  it('orders invoices by issueDate, then number, and lines by position', async () => {
    const { exportOf, march1, march2a, march2b, draft, creditNote } = await setup()
    const file = await exportOf({ entity: 'invoices' })
    // march2b was issued before march2a, march1 last: its number is the highest.
    assert.ok(march2b.number < march2a.number && march2a.number < march1.number)
    const expected = [march1.id, march2b.id, march2a.id, draft.id, creditNote.id]
    assert.deepEqual(recordsOf(file.content, 'rfc4180').map((record) => record.id), expected)
    const lines = recordsOf((await exportOf({ entity: 'invoice_lines' })).content, 'rfc4180')
    assert.deepEqual(lines.slice(0, 2).map((line) => [line.invoice_id, line.position, line.line_type]), [[march1.id, '1', 'PRODUCT'], [march1.id, '2', 'PRODUCT']])
    // 2.5 × 80 at 19 %; quantity and price as stored, amounts with two decimals.
    assert.deepEqual(
      ['quantity', 'unit', 'unit_price', 'discount', 'net_amount', 'tax_rate', 'tax_amount', 'gross_amount'].map((column) => lines[0]![column]),
      ['2.5', 'HUR', '80', '0.00', '200.00', '19', '38.00', '238.00'],
    )
    const german = recordsOf((await exportOf({ entity: 'invoice_lines', dialect: 'excel-de' })).content, 'excel-de')
    assert.deepEqual([german[1]!.quantity, german[1]!.unit_price, german[1]!.net_amount, german[1]!.tax_amount], ['3', '33,33', '99,99', '7,00'])
    assert.deepEqual(file.documentIds, expected)
  })

  it('reads a day with more documents than one page holds, each once, in number order', async () => {
    const { exportOf, invoicing, actor, plain } = await setup()
    for (let count = 0; count < 230; count++) {
      await invoicing.invoices.create(actor, { customerId: plain.id, issueDate: '2026-05-04', lines: [{ description: 'x', unitPrice: '1' }] })
    }
    const file = await exportOf({ entity: 'invoices', from: '2026-05-01', to: '2026-05-31' })
    const numbers = recordsOf(file.content, 'rfc4180').map((record) => record.number)
    assert.equal(file.rows, 230)
    assert.equal(new Set(numbers).size, 230)
    assert.deepEqual(numbers, [...numbers].sort())
  })

  it('writes the same bytes for the same data twice', async () => {
    const { exportOf } = await setup()
    for (const entity of CSV_ENTITIES) {
      for (const dialect of CSV_DIALECTS) {
        assert.deepEqual(await exportOf({ entity, dialect }), await exportOf({ entity, dialect }), `${entity} ${dialect}`)
      }
    }
  })

  it('selects by period, invoice types (proformas only when asked) and status', async () => {
    const { exportOf, proforma, draft, april, creditNote, march1, march2a, march2b } = await setup()
    const ids = async (parameters: Partial<CsvExportParameters>) =>
      recordsOf((await exportOf({ entity: 'invoices', ...parameters })).content, 'rfc4180').map((record) => record.id)
    // Drafts are included (a CSV file exports whatever its filters select); proformas are not by default.
    assert.deepEqual(await ids({}), [march1.id, march2b.id, march2a.id, draft.id, creditNote.id])
    assert.deepEqual(await ids({ invoiceTypes: ['PROFORMA'] }), [proforma.id])
    assert.deepEqual(await ids({ invoiceTypes: ['CREDIT_NOTE'] }), [creditNote.id])
    assert.deepEqual(await ids({ status: 'DRAFT', invoiceTypes: ['INVOICE', 'PROFORMA'] }), [draft.id, proforma.id])
    assert.deepEqual(await ids({ invoiceTypes: ['INVOICE', 'CREDIT_NOTE', 'PROFORMA'] }), [march1.id, march2b.id, march2a.id, draft.id, proforma.id, creditNote.id])
    assert.deepEqual(await ids({ from: '2026-03-01', to: '2026-03-01' }), [march1.id])
    assert.deepEqual(await ids({ from: '2026-04-01', to: '2026-04-30' }), [april.id])
    const payments = recordsOf((await exportOf({ entity: 'payments', from: '2026-04-01', to: '2026-04-30' })).content, 'rfc4180')
    assert.deepEqual(payments.map((payment) => [payment.invoice_id, payment.payment_date, payment.amount]), [[march1.id, '2026-04-02', '25.00']])
    const quotes = await exportOf({ entity: 'quotes', status: 'ACCEPTED' })
    assert.equal(quotes.rows, 0)
  })

  it('refuses a missing period, a status of another entity and unknown invoice types', async () => {
    const { exportOf } = await setup()
    await assert.rejects(exportOf({ entity: 'invoices', from: undefined }), failsWith('validation_failed', { field: 'from' }))
    await assert.rejects(exportOf({ entity: 'orders', status: 'DRAFT' }), failsWith('validation_failed', { field: 'status' }))
    await assert.rejects(exportOf({ entity: 'customers', status: 'OPEN' }), failsWith('validation_failed', { field: 'status' }))
    await assert.rejects(exportOf({ entity: 'invoices', status: 'OPEN' }), failsWith('validation_failed', { field: 'status' }))
    await assert.rejects(exportOf({ entity: 'invoices', invoiceTypes: [] }), failsWith('validation_failed', { field: 'invoiceTypes' }))
  })

  it('names files by entity and period, the customers file by the day of the export, and lists the exported records', async () => {
    const { exportOf, quote, plain, tricky } = await setup()
    assert.equal((await exportOf({ entity: 'invoice_lines' })).fileName, 'invoice_lines_2026-03-01_2026-03-31.csv')
    const customers = await exportOf({ entity: 'customers', from: undefined, to: undefined })
    assert.equal(customers.fileName, 'customers_2026-03-16.csv')
    assert.deepEqual(new Set(customers.documentIds), new Set([plain.id, tricky.id]))
    const payments = await exportOf({ entity: 'payments' })
    assert.ok(payments.rows > 0)
    assert.deepEqual(payments.documentIds, recordsOf(payments.content, 'rfc4180').map((record) => record.id))
    assert.deepEqual((await exportOf({ entity: 'quotes' })).documentIds, [quote.id])
  })
})
