import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor, type Actor } from '../access/actor'
import type { CompanyCreateInput } from '../companies/company-schemas'
import { createInvoicing } from '../create-invoicing'
import { InvoicingError } from '../errors'
import { createManualClock, createMemoryStorage, failsWith } from '../testing'

async function setup(company: CompanyCreateInput = { name: 'Muster GmbH' }) {
  const clock = createManualClock('2026-03-15T10:00:00.000Z')
  const invoicing = createInvoicing({ storage: createMemoryStorage(), clock })
  const actor = companyActor((await invoicing.companies.create(company)).id)
  return { clock, invoicing, actor, customers: invoicing.customers }
}


const allFields = {
  name: 'Ärztehaus Übersee',
  email: 'info@example.at',
  street: 'Ringstraße 5',
  zipCode: '1010',
  city: 'Wien',
  country: 'AT',
  vatId: 'ATU12345678',
  taxNumber: '12/345/67890',
  paymentTermDays: 30,
  defaultLocale: 'en',
  buyerReference: '04011000-12345-67',
  notes: 'Ruft gern an',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  sepaMandateId: 'M-1',
  sepaMandateDate: '2026-01-01',
  sepaMandateType: 'B2B',
  sepaMandateSequence: 'ONE_OFF',
  ledgerAccount: '10042',
} as const

const numbersOf = async (created: Promise<{ customerNumber: string }>[]) => (await Promise.all(created)).map((c) => c.customerNumber)

describe('customer numbers', () => {
  it('are taken from the CUSTOMER range: KD-00001, KD-00002, …', async () => {
    const { customers, actor } = await setup()
    const first = await customers.create(actor, { name: 'A' })
    const second = await customers.create(actor, { name: 'B' })
    assert.equal(first.customerNumber, 'KD-00001')
    assert.equal(second.customerNumber, 'KD-00002')
  })

  it('keeps a number given by hand', async () => {
    const { customers, actor } = await setup()
    const customer = await customers.create(actor, { name: 'A', customerNumber: 'K-777' })
    assert.equal(customer.customerNumber, 'K-777')
    assert.equal((await customers.create(actor, { name: 'B' })).customerNumber, 'KD-00001')
  })

  it('refuses a number already held in the company', async () => {
    const { customers, actor } = await setup()
    await customers.create(actor, { name: 'A', customerNumber: 'K-1' })
    await assert.rejects(customers.create(actor, { name: 'B', customerNumber: 'K-1' }), failsWith('customer_number_taken'))
    assert.equal((await customers.list(actor)).total, 1)
  })

  it('allows the same number in another company', async () => {
    const { invoicing, customers, actor } = await setup()
    const other = companyActor((await invoicing.companies.create({ name: 'Other' })).id)
    await customers.create(actor, { name: 'A', customerNumber: 'K-1' })
    assert.equal((await customers.create(other, { name: 'B', customerNumber: 'K-1' })).customerNumber, 'K-1')
    assert.equal((await customers.create(other, { name: 'C' })).customerNumber, 'KD-00001')
  })

  it('skips a number of the range that was given by hand', async () => {
    const { customers, actor } = await setup()
    await customers.create(actor, { name: 'By hand', customerNumber: 'KD-00002' })
    assert.equal((await customers.create(actor, { name: 'A' })).customerNumber, 'KD-00001')
    assert.equal((await customers.create(actor, { name: 'B' })).customerNumber, 'KD-00003')
  })

  it('follow a custom range format of the company', async () => {
    const { invoicing, customers, actor } = await setup()
    await invoicing.companies.update(actor, { numberRanges: { CUSTOMER: { format: 'C{YY}/{SEQ:3}', resetYearly: true } } })
    assert.equal((await customers.create(actor, { name: 'A' })).customerNumber, 'C26/001')
  })

  it('are distinct and consecutive for 20 concurrent creates', async () => {
    const { customers, actor } = await setup()
    const numbers = await numbersOf(Array.from({ length: 20 }, (_, index) => customers.create(actor, { name: `Kunde ${index}` })))
    const expected = Array.from({ length: 20 }, (_, index) => `KD-${String(index + 1).padStart(5, '0')}`)
    assert.deepEqual([...numbers].sort(), expected)
  })
})

describe('customers.create', () => {
  it('round-trips every optional field', async () => {
    const { customers, actor } = await setup()
    const customer = await customers.create(actor, allFields)
    assert.deepEqual(customer, {
      ...allFields,
      id: customer.id,
      companyId: actor.companyId,
      customerNumber: 'KD-00001',
      sepaMandateLastUsedAt: null,
      createdAt: '2026-03-15T10:00:00.000Z',
      updatedAt: '2026-03-15T10:00:00.000Z',
    })
    assert.deepEqual(await customers.get(actor, customer.id), customer)
  })

  it('accepts the snake_case spelling of every field', async () => {
    const { customers, actor } = await setup()
    const customer = await customers.create(actor, {
      name: 'A', zip_code: '1010', vat_id: 'ATU12345678', tax_number: '1', payment_term_days: 7, default_locale: 'en',
      buyer_reference: 'LW-1', sepa_mandate_id: 'M-2', sepa_mandate_date: '2026-02-28', customer_number: 'K-9',
    } as never)
    assert.equal(customer.zipCode, '1010')
    assert.equal(customer.vatId, 'ATU12345678')
    assert.equal(customer.taxNumber, '1')
    assert.equal(customer.paymentTermDays, 7)
    assert.equal(customer.defaultLocale, 'en')
    assert.equal(customer.buyerReference, 'LW-1')
    assert.equal(customer.sepaMandateId, 'M-2')
    assert.equal(customer.sepaMandateDate, '2026-02-28')
    assert.equal(customer.customerNumber, 'K-9')
  })

  it('accepts both spellings with the same value and refuses different values', async () => {
    const { customers, actor } = await setup()
    const same = await customers.create(actor, { name: 'A', zipCode: '1010', zip_code: '1010' } as never)
    assert.equal(same.zipCode, '1010')
    await assert.rejects(customers.create(actor, { name: 'B', zipCode: '1010', zip_code: '1020' } as never), failsWith('validation_failed'))
  })

  it('sets optional fields to null and the country to the company’s', async () => {
    const { customers, actor } = await setup({ name: 'Wiener GmbH', country: 'AT' })
    const customer = await customers.create(actor, { name: 'A' })
    assert.equal(customer.country, 'AT')
    assert.equal(customer.email, null)
    assert.equal(customer.paymentTermDays, null)
    assert.equal(customer.defaultLocale, null)
    assert.equal(customer.sepaMandateDate, null)
    assert.equal(customer.ledgerAccount, null)
    assert.equal(customer.sepaMandateType, 'CORE')
    assert.equal(customer.sepaMandateSequence, 'RECURRING')
    assert.equal(customer.sepaMandateLastUsedAt, null)
  })

  it('fails with not_found for an unknown company', async () => {
    const { customers } = await setup()
    await assert.rejects(customers.create(companyActor('missing'), { name: 'A' }), failsWith('not_found'))
  })

  describe('rejects invalid input naming the field', () => {
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['an empty name', { name: '' }, { field: 'name' }],
      ['a missing name', {}, { field: 'name' }],
      ['an invalid email', { name: 'A', email: 'info@' }, { field: 'email' }],
      ['a negative payment term', { name: 'A', paymentTermDays: -1 }, { field: 'paymentTermDays' }],
      ['a fractional payment term', { name: 'A', paymentTermDays: 1.5 }, { field: 'paymentTermDays' }],
      ['a date that does not exist', { name: 'A', sepaMandateDate: '2026-02-30' }, { field: 'sepaMandateDate' }],
      ['an unsupported locale', { name: 'A', defaultLocale: 'fr' }, { field: 'defaultLocale', allowedValues: ['de', 'en'] }],
      ['an empty customer number', { name: 'A', customerNumber: ' ' }, { field: 'customerNumber' }],
    ]
    for (const [what, input, details] of cases) {
      it(what, async () => {
        const { customers, actor } = await setup()
        await assert.rejects(customers.create(actor, input as never), failsWith('validation_failed', details))
      })
    }
  })
})

describe('customers.update', () => {
  it('changes only the given fields and moves updatedAt', async () => {
    const { clock, customers, actor } = await setup()
    const customer = await customers.create(actor, allFields)
    clock.advance(5_000)
    const updated = await customers.update(actor, customer.id, { city: 'Graz', payment_term_days: 10 } as never)
    assert.deepEqual(updated, { ...customer, city: 'Graz', paymentTermDays: 10, updatedAt: '2026-03-15T10:00:05.000Z' })
    assert.deepEqual(await customers.get(actor, customer.id), updated)
  })

  it('clears a field given as null', async () => {
    const { customers, actor } = await setup()
    const customer = await customers.create(actor, allFields)
    const updated = await customers.update(actor, customer.id, { email: null, sepaMandateDate: null })
    assert.equal(updated.email, null)
    assert.equal(updated.sepaMandateDate, null)
    assert.equal(updated.name, allFields.name)
  })

  it('may keep its own number and may take a free one', async () => {
    const { customers, actor } = await setup()
    const customer = await customers.create(actor, { name: 'A' })
    assert.equal((await customers.update(actor, customer.id, { customerNumber: 'KD-00001' })).customerNumber, 'KD-00001')
    assert.equal((await customers.update(actor, customer.id, { customerNumber: 'K-5' })).customerNumber, 'K-5')
  })

  it('refuses a number held by another customer', async () => {
    const { customers, actor } = await setup()
    await customers.create(actor, { name: 'A' })
    const second = await customers.create(actor, { name: 'B' })
    await assert.rejects(customers.update(actor, second.id, { customerNumber: 'KD-00001' }), failsWith('customer_number_taken'))
    assert.equal((await customers.get(actor, second.id)).customerNumber, 'KD-00002')
  })

  it('validates the changes', async () => {
    const { customers, actor } = await setup()
    const customer = await customers.create(actor, { name: 'A' })
    await assert.rejects(customers.update(actor, customer.id, { name: '' }), failsWith('validation_failed', { field: 'name' }))
    await assert.rejects(customers.update(actor, customer.id, { email: 'x' }), failsWith('validation_failed', { field: 'email' }))
  })

  it('fails with not_found for an unknown id', async () => {
    const { customers, actor } = await setup()
    await assert.rejects(customers.update(actor, 'missing', { name: 'B' }), failsWith('not_found'))
  })
})

describe('customers.delete', () => {
  it('removes the customer', async () => {
    const { customers, actor } = await setup()
    const customer = await customers.create(actor, { name: 'A' })
    await customers.delete(actor, customer.id)
    await assert.rejects(customers.get(actor, customer.id), failsWith('not_found'))
    await assert.rejects(customers.delete(actor, customer.id), failsWith('not_found'))
    assert.equal((await customers.list(actor)).total, 0)
  })
})

describe('customers.list', () => {
  const createNamed = async (customers: Awaited<ReturnType<typeof setup>>['customers'], actor: Actor, count: number) => {
    for (let index = 1; index <= count; index++) await customers.create(actor, { name: `Kunde ${index}` })
  }

  it('lists newest first with the total before paging', async () => {
    const { clock, customers, actor } = await setup()
    for (const name of ['A', 'B', 'C']) {
      await customers.create(actor, { name })
      clock.advance(1_000)
    }
    const page = await customers.list(actor, { limit: 2, offset: 1 })
    assert.deepEqual(page.items.map((c) => c.name), ['B', 'A'])
    assert.equal(page.total, 3)
    assert.equal(page.limit, 2)
    assert.equal(page.offset, 1)
  })

  it('pages 50 by default and caps the limit to 100', async () => {
    const { customers, actor } = await setup()
    await createNamed(customers, actor, 120)
    const defaultPage = await customers.list(actor)
    assert.equal(defaultPage.items.length, 50)
    assert.equal(defaultPage.limit, 50)
    assert.equal(defaultPage.total, 120)
    const capped = await customers.list(actor, { limit: 150 })
    assert.equal(capped.items.length, 100)
    assert.equal(capped.limit, 100)
  })

  it('accepts limit and offset given as query strings', async () => {
    const { customers, actor } = await setup()
    await createNamed(customers, actor, 5)
    const page = await customers.list(actor, { limit: '2', offset: '3' } as never)
    assert.equal(page.items.length, 2)
    assert.equal(page.limit, 2)
    assert.equal(page.offset, 3)
  })

  it('rejects a limit below 1 or not a number', async () => {
    const { customers, actor } = await setup()
    for (const limit of [0, '0', 'abc', '', 2.5, '0x10', '1e1', ' 5']) {
      await assert.rejects(customers.list(actor, { limit } as never), failsWith('validation_failed', { field: 'limit' }), `limit ${JSON.stringify(limit)}`)
    }
    for (const offset of [-1, '-1', '1e20', '99999999999999999999', 1_000_000_001]) {
      await assert.rejects(customers.list(actor, { offset } as never), failsWith('validation_failed', { field: 'offset' }), `offset ${offset}`)
    }
  })

  it('searches name, number and email ignoring case, umlauts included', async () => {
    const { customers, actor } = await setup()
    await customers.create(actor, { name: 'Ärztehaus Übersee' })
    await customers.create(actor, { name: 'Bäckerei Schmidt', email: 'Info@Baeckerei.DE' })
    await customers.create(actor, { name: 'Weber KG', customerNumber: 'WEB-1' })
    const names = async (search: string) => (await customers.list(actor, { search })).items.map((c) => c.name)
    assert.deepEqual(await names('ärzte'), ['Ärztehaus Übersee'])
    assert.deepEqual(await names('ÜBERSEE'), ['Ärztehaus Übersee'])
    assert.deepEqual(await names('BÄCKEREI'), ['Bäckerei Schmidt'])
    assert.deepEqual(await names('info@baeckerei'), ['Bäckerei Schmidt'])
    assert.deepEqual(await names('web-1'), ['Weber KG'])
    assert.deepEqual(await names('kd-00001'), ['Ärztehaus Übersee'])
    assert.deepEqual(await names('nobody'), [])
    assert.deepEqual(await names('A\u0308RZTE'), ['Ärztehaus Übersee'])
  })

  it('treats % and _ in a search literally', async () => {
    const { customers, actor } = await setup()
    await customers.create(actor, { name: '100% Bio' })
    await customers.create(actor, { name: 'Bio Laden' })
    assert.deepEqual((await customers.list(actor, { search: '%' })).items.map((c) => c.name), ['100% Bio'])
    assert.equal((await customers.list(actor, { search: '_' })).total, 0)
  })
})

describe('tenant isolation', () => {
  it('hides a customer of company A from company B', async () => {
    const { invoicing, customers, actor } = await setup()
    const other = companyActor((await invoicing.companies.create({ name: 'Other' })).id)
    const customer = await customers.create(actor, { name: 'Nur für A' })
    await assert.rejects(customers.get(other, customer.id), failsWith('not_found'))
    await assert.rejects(customers.update(other, customer.id, { name: 'Übernommen' }), failsWith('not_found'))
    await assert.rejects(customers.delete(other, customer.id), failsWith('not_found'))
    assert.equal((await customers.list(other)).total, 0)
    assert.deepEqual(await customers.get(actor, customer.id), customer)
  })
})

describe('customer input that is not an object', () => {
  it('rejects an array, which would otherwise pass as an object', async () => {
    const { invoicing, actor } = await setup()
    await assert.rejects(
      invoicing.customers.create(actor, [] as never),
      (error: unknown) => error instanceof InvoicingError && error.code === 'validation_failed' && /array/.test(error.message),
    )
  })
})

describe('customers: the fields of the accounting and SEPA exports', () => {
  it('change on update; null clears the ledger account', async () => {
    const { customers, actor } = await setup()
    const customer = await customers.create(actor, { name: 'A', ledger_account: '10001', sepa_mandate_type: 'B2B' } as never)
    assert.deepEqual([customer.ledgerAccount, customer.sepaMandateType, customer.sepaMandateSequence], ['10001', 'B2B', 'RECURRING'])
    const updated = await customers.update(actor, customer.id, { sepaMandateSequence: 'ONE_OFF', ledgerAccount: null })
    assert.deepEqual([updated.ledgerAccount, updated.sepaMandateType, updated.sepaMandateSequence], [null, 'B2B', 'ONE_OFF'])
    assert.deepEqual(await customers.get(actor, customer.id), updated)
  })

  it('never take sepaMandateLastUsedAt from the caller: only SEPA exports write it', async () => {
    const storage = createMemoryStorage()
    const invoicing = createInvoicing({ storage })
    const actor = companyActor((await invoicing.companies.create({ name: 'Muster GmbH' })).id)
    const customer = await invoicing.customers.create(actor, { name: 'A', sepaMandateLastUsedAt: '2026-01-01' } as never)
    assert.equal(customer.sepaMandateLastUsedAt, null)
    // What a SEPA export records; a later PUT keeps it whatever it says.
    await storage.transaction((tx) => tx.customers.update({ ...customer, sepaMandateLastUsedAt: '2026-03-02' }))
    const updated = await invoicing.customers.update(actor, customer.id, { name: 'B', sepa_mandate_last_used_at: '2026-02-02', sepaMandateLastUsedAt: null } as never)
    assert.equal(updated.name, 'B')
    assert.equal(updated.sepaMandateLastUsedAt, '2026-03-02')
  })

  const refused: [string, Record<string, unknown>, string][] = [
    ['a ledger account with letters', { ledgerAccount: '1000A' }, 'ledgerAccount'],
    ['a ledger account of ten digits', { ledgerAccount: '1234567890' }, 'ledgerAccount'],
    ['a ledger account as a number', { ledgerAccount: 10000 }, 'ledgerAccount'],
    ['an empty ledger account', { ledgerAccount: '' }, 'ledgerAccount'],
    ['an unknown mandate type', { sepaMandateType: 'COR1' }, 'sepaMandateType'],
    ['an unknown mandate sequence', { sepaMandateSequence: 'FRST' }, 'sepaMandateSequence'],
    ['a mandate type of null', { sepaMandateType: null }, 'sepaMandateType'],
  ]
  for (const [what, input, field] of refused) {
    it(`refuses ${what}, naming the field`, async () => {
      const { customers, actor } = await setup()
      await assert.rejects(customers.create(actor, { name: 'A', ...input } as never), failsWith('validation_failed', { field }))
    })
  }
})
