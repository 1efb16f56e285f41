// The real host on a fresh SQLite file that grows on request, for the lists at scale: one
// measured company with up to 100,000 invoices and as many quotes, and beyond that other
// companies of 10,000 invoices each, so a "1M" database holds 1,000,000 invoices of which the
// measured company sees 100,000. Everything is written through the storage port, as the
// engine writes it (triggers and indexes included).
//
// Messages: { grow: size } seeds up to `size` invoices in the database and answers what it
// holds; { expect: { list, search } } answers how many of the measured company's records a
// brute-force scan finds for `search` (the folded needle in the folded number or names).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { companyActor, foldForSearch } from '@invoicing/core'
import { startHost } from '@invoicing/http'
import { BENCH_CUSTOMER } from './bench-customer'
import { copyInvoices, invoiceTemplate } from './seed-invoices'
import { seedProgress } from './seed-progress'
import { copyQuotes, quoteTemplate } from './seed-quotes'

const IN_COMPANY = 100_000
const PER_OTHER_COMPANY = 10_000
const CUSTOMERS = 49
/** Gives the FTS syntax characters (`"`, `*`, `NEAR`) and `%`/`_` something to find, literally. */
const SYNTAX_CUSTOMER = 'Kunde "Stern" Sonder* NEAR(100%_) Müller'

const folder = mkdtempSync(join(tmpdir(), 'invoicing-bench-scale-'))
const databaseFile = join(folder, 'bench.sqlite')
const host = await startHost({
  databaseFile,
  dataDir: folder,
  port: 0,
  access: { requestsPerMinute: 1_000_000_000 },
  scheduler: false,
})
process.once('SIGTERM', () => {
  void host.close().finally(() => {
    rmSync(folder, { recursive: true, force: true })
    process.exit(0)
  })
})

const { invoicing, storage } = host
/** A company of customers named like `Kunde 7 Müller`, with the two templates made by the engine. */
async function newCompany(name: string, firstCustomer?: typeof BENCH_CUSTOMER) {
  const company = await invoicing.companies.create({ name, apiCallQuota: 1_000_000_000 })
  const actor = companyActor(company.id)
  const names = Array.from({ length: CUSTOMERS }, (_, index) => `Kunde ${index} Müller`)
  const customers = []
  if (firstCustomer) customers.push(await invoicing.customers.create(actor, firstCustomer))
  for (const customerName of names) customers.push(await invoicing.customers.create(actor, { name: customerName }))
  if (firstCustomer) customers.push(await invoicing.customers.create(actor, { name: SYNTAX_CUSTOMER }))
  const customerIds = customers.map((customer) => customer.id)
  return { company, actor, customerIds, firstCustomerId: customerIds[0]! }
}

const measured = await newCompany('Bench GmbH', BENCH_CUSTOMER)
const { secret } = await invoicing.apiKeys.create(measured.actor)
const invoice = await invoiceTemplate(invoicing, measured.actor, measured.firstCustomerId)
const quote = await quoteTemplate(invoicing, measured.actor, measured.firstCustomerId)
let companyInvoices = 1
let companyQuotes = 1
let otherCompanies = 0

async function grow(size: number) {
  const started = Date.now()
  const inCompany = Math.min(size, IN_COMPANY)
  if (inCompany > companyInvoices) {
    await copyInvoices(storage, invoice, measured.customerIds, {
      from: companyInvoices, to: inCompany, onBatch: offset(seedProgress('invoices of the measured company', inCompany), companyInvoices),
    })
    companyInvoices = inCompany
  }
  if (inCompany > companyQuotes) {
    await copyQuotes(storage, quote, measured.customerIds, {
      from: companyQuotes, to: inCompany, onBatch: offset(seedProgress('quotes of the measured company', inCompany), companyQuotes),
    })
    companyQuotes = inCompany
  }
  const wanted = Math.ceil((size - inCompany) / PER_OTHER_COMPANY)
  const progress = seedProgress(`invoices of ${wanted - otherCompanies} other companies`, (wanted - otherCompanies) * PER_OTHER_COMPANY)
  for (let done = 0; otherCompanies < wanted; otherCompanies++, done++) {
    const other = await newCompany(`Firma ${otherCompanies + 1} GmbH`)
    const template = await invoiceTemplate(invoicing, other.actor, other.firstCustomerId)
    await copyInvoices(storage, template, other.customerIds, {
      from: 1, to: PER_OTHER_COMPANY, idPrefix: `c${otherCompanies}i`, onBatch: offset(progress, done * PER_OTHER_COMPANY + 1),
    })
  }
  return {
    size,
    invoices: companyInvoices,
    quotes: companyQuotes,
    databaseInvoices: companyInvoices + otherCompanies * PER_OTHER_COMPANY,
    seedSeconds: (Date.now() - started) / 1000,
  }
}

/** A progress callback for a seed that continues from `already` records. */
const offset = (report: (copied: number) => void, already: number) => (copied: number) => report(already + copied)

// The brute-force answer: every row of the company, folded and matched in JavaScript.
const reader = new Database(databaseFile, { readonly: true })
const FIELDS = {
  invoices: reader.prepare('select i.invoice_number, c.name from invoice i join customer c on c.id = i.customer_id where i.company_id = ?').raw(true),
  quotes: reader.prepare(`select d.number, c.name from order_document d join customer c on c.id = d.customer_id where d.company_id = ? and d.document_type = 'QUOTE'`).raw(true),
  customers: reader.prepare('select name, customer_number, email from customer where company_id = ?').raw(true),
}
function expected(list: keyof typeof FIELDS, search: string): number {
  const needle = foldForSearch(search)
  return (FIELDS[list].all(measured.company.id) as (string | null)[][])
    .filter((fields) => fields.some((field) => field !== null && foldForSearch(field).includes(needle))).length
}

process.on('message', (message: { grow?: number, expect?: { list: keyof typeof FIELDS, search: string } }) => {
  if (message.grow !== undefined) void grow(message.grow).then((grown) => process.send!(grown))
  else if (message.expect) process.send!({ total: expected(message.expect.list, message.expect.search) })
})
process.send!({
  url: host.url, key: secret, companyId: measured.company.id, customerId: measured.firstCustomerId, databaseFile,
})
