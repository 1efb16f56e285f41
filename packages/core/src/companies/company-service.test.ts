import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import { createInvoicing } from '../create-invoicing'
import { DEFAULT_NUMBER_RANGES } from '../numbering/number-ranges'
import { createManualClock, createMemoryStorage, failsWith } from '../testing'
import { effectiveApiCallQuota } from './company'

function setup(start = '2026-03-15T10:00:00.000Z') {
  const clock = createManualClock(start)
  const invoicing = createInvoicing({ storage: createMemoryStorage(), clock })
  return { clock, invoicing }
}


describe('companies.create', () => {
  it('applies the company defaults to everything not given', async () => {
    const { invoicing } = setup()
    const company = await invoicing.companies.create({ name: 'Muster GmbH' })
    assert.equal(company.name, 'Muster GmbH')
    assert.equal(company.country, 'DE')
    assert.equal(company.plan, 'PROFESSIONAL')
    assert.equal(company.documentQuota, null)
    assert.equal(company.apiCallQuota, null)
    assert.equal(company.paymentTermDays, 14)
    assert.equal(company.defaultLocale, 'de')
    assert.equal(company.smallBusiness, false)
    assert.equal(company.ossRegistered, false)
    assert.deepEqual(company.reminderFees, { 1: '0', 2: '5', 3: '10' })
    assert.equal(company.defaultInterestRate, '9.12')
    assert.equal(company.timeZone, 'Europe/Berlin')
    assert.deepEqual(company.texts, {})
    assert.deepEqual(company.numberRanges, DEFAULT_NUMBER_RANGES)
    assert.equal(company.email, null)
    assert.equal(company.iban, null)
    assert.equal(company.createdAt, '2026-03-15T10:00:00.000Z')
    assert.equal(company.updatedAt, company.createdAt)
  })

  it('stores the company so get returns it', async () => {
    const { invoicing } = setup()
    const company = await invoicing.companies.create({ name: 'Muster GmbH', city: 'Köln' })
    assert.deepEqual(await invoicing.companies.get(companyActor(company.id)), company)
  })

  it('accepts snake_case field names', async () => {
    const { invoicing } = setup()
    const company = await invoicing.companies.create({
      name: 'Muster GmbH',
      zip_code: '50667',
      payment_term_days: 30,
      default_locale: 'en',
      vat_id: 'DE123456789',
      api_call_quota: 500,
      small_business: true,
      time_zone: 'Europe/Vienna',
    } as never)
    assert.equal(company.zipCode, '50667')
    assert.equal(company.paymentTermDays, 30)
    assert.equal(company.defaultLocale, 'en')
    assert.equal(company.vatId, 'DE123456789')
    assert.equal(company.apiCallQuota, 500)
    assert.equal(company.smallBusiness, true)
    assert.equal(company.timeZone, 'Europe/Vienna')
  })

  it('normalises country, IBAN and VAT ID', async () => {
    const { invoicing } = setup()
    const company = await invoicing.companies.create({
      name: 'Muster GmbH', country: 'at', iban: 'de89 3704 0044 0532 0130 00', vatId: 'DE 123 456 789',
    })
    assert.equal(company.country, 'AT')
    assert.equal(company.iban, 'DE89370400440532013000')
    assert.equal(company.vatId, 'DE123456789')
  })

  it('requires a name', async () => {
    const { invoicing } = setup()
    await assert.rejects(invoicing.companies.create({} as never), failsWith('validation_failed', { field: 'name' }))
    await assert.rejects(invoicing.companies.create({ name: '   ' }), failsWith('validation_failed', { field: 'name' }))
  })

  it('rejects a code that is no country', async () => {
    const { invoicing } = setup()
    await assert.rejects(invoicing.companies.create({ name: 'A', country: 'XX' }), failsWith('validation_failed', { field: 'country' }))
  })

  it('rejects an IBAN with a wrong check sum', async () => {
    const { invoicing } = setup()
    await assert.rejects(
      invoicing.companies.create({ name: 'A', iban: 'DE89370400440532013001' }),
      failsWith('validation_failed', { field: 'iban' }),
    )
  })

  it('rejects an invalid email address', async () => {
    const { invoicing } = setup()
    await assert.rejects(invoicing.companies.create({ name: 'A', email: 'no-at-sign' }), failsWith('validation_failed', { field: 'email' }))
  })

  it('rejects an unknown plan and lists the allowed plans', async () => {
    const { invoicing } = setup()
    await assert.rejects(
      invoicing.companies.create({ name: 'A', plan: 'GOLD' as never }),
      failsWith('validation_failed', { field: 'plan', allowedValues: ['FREE', 'STARTER', 'PROFESSIONAL', 'ENTERPRISE'] }),
    )
  })

  it('rejects an unknown time zone', async () => {
    const { invoicing } = setup()
    await assert.rejects(invoicing.companies.create({ name: 'A', timeZone: 'Mars/Olympus' }), failsWith('validation_failed', { field: 'timeZone' }))
  })

  it('rejects an unusable number range format', async () => {
    const { invoicing } = setup()
    await assert.rejects(
      invoicing.companies.create({ name: 'A', numberRanges: { INVOICE: { format: 'RE-{YYYY}' } } }),
      failsWith('validation_failed', { field: 'numberRanges.INVOICE.format' }),
    )
  })
})

describe('companies.update', () => {
  it('changes only the given fields and moves updatedAt', async () => {
    const { clock, invoicing } = setup()
    const company = await invoicing.companies.create({ name: 'Muster GmbH', city: 'Köln', email: 'a@example.de' })
    clock.advance(60_000)
    const updated = await invoicing.companies.update(companyActor(company.id), { city: 'Bonn' })
    assert.deepEqual(updated, { ...company, city: 'Bonn', updatedAt: '2026-03-15T10:01:00.000Z' })
    assert.deepEqual(await invoicing.companies.get(companyActor(company.id)), updated)
  })

  it('clears a field given as null', async () => {
    const { invoicing } = setup()
    const company = await invoicing.companies.create({ name: 'Muster GmbH', email: 'a@example.de', phone: '0221 1' })
    const updated = await invoicing.companies.update(companyActor(company.id), { email: null, phone: null })
    assert.equal(updated.email, null)
    assert.equal(updated.phone, null)
  })

  it('merges texts per locale and document type', async () => {
    const { invoicing } = setup()
    const company = await invoicing.companies.create({
      name: 'A',
      texts: { de: { INVOICE: { headerText: 'Kopf', footer: 'Fuß' } }, en: { INVOICE: { footer: 'Foot' } } },
    })
    const updated = await invoicing.companies.update(companyActor(company.id), {
      texts: { de: { INVOICE: { footer: 'Neuer Fuß' }, REMINDER: { emailSubject: 'Mahnung' } } },
    })
    assert.deepEqual(updated.texts, {
      de: { INVOICE: { headerText: 'Kopf', footer: 'Neuer Fuß' }, REMINDER: { emailSubject: 'Mahnung' } },
      en: { INVOICE: { footer: 'Foot' } },
    })
  })

  it('removes a text given as null and keeps the others of the document type', async () => {
    const { invoicing } = setup()
    const company = await invoicing.companies.create({ name: 'A', texts: { de: { INVOICE: { headerText: 'Kopf', footer: 'Fuß' } } } })
    const updated = await invoicing.companies.update(companyActor(company.id), { texts: { de: { INVOICE: { footer: null } } } })
    assert.deepEqual(updated.texts, { de: { INVOICE: { headerText: 'Kopf' } } })
  })

  it('merges number ranges per type and keeps the other types', async () => {
    const { invoicing } = setup()
    const company = await invoicing.companies.create({ name: 'A' })
    const updated = await invoicing.companies.update(companyActor(company.id), {
      numberRanges: { INVOICE: { format: 'R{YY}-{SEQ:4}' }, CUSTOMER: { resetYearly: false, format: 'K-{SEQ}' } },
    })
    assert.deepEqual(updated.numberRanges, {
      ...DEFAULT_NUMBER_RANGES,
      INVOICE: { format: 'R{YY}-{SEQ:4}', resetYearly: true },
      CUSTOMER: { format: 'K-{SEQ}', resetYearly: false },
    })
  })

  it('merges reminder fees per level', async () => {
    const { invoicing } = setup()
    const company = await invoicing.companies.create({ name: 'A' })
    const updated = await invoicing.companies.update(companyActor(company.id), { reminderFees: { 2: 7.5 } })
    assert.deepEqual(updated.reminderFees, { 1: '0', 2: '7.5', 3: '10' })
  })

  it('rejects a range format without {SEQ}, naming the range', async () => {
    const { invoicing } = setup()
    const company = await invoicing.companies.create({ name: 'A' })
    await assert.rejects(
      invoicing.companies.update(companyActor(company.id), { numberRanges: { INVOICE: { format: 'RE-{YYYY}' } } }),
      failsWith('validation_failed', { field: 'numberRanges.INVOICE.format' }),
    )
  })

  it('rejects a yearly reset range whose format has no year', async () => {
    const { invoicing } = setup()
    const company = await invoicing.companies.create({ name: 'A' })
    await assert.rejects(
      invoicing.companies.update(companyActor(company.id), { numberRanges: { INVOICE: { format: 'RE-{SEQ:5}' } } }),
      failsWith('validation_failed', { field: 'numberRanges.INVOICE.format' }),
    )
    await assert.rejects(
      invoicing.companies.update(companyActor(company.id), { numberRanges: { CUSTOMER: { resetYearly: true } } }),
      failsWith('validation_failed', { field: 'numberRanges.CUSTOMER.format' }),
    )
  })

  it('leaves the company unchanged when an update is rejected', async () => {
    const { invoicing } = setup()
    const company = await invoicing.companies.create({ name: 'A' })
    await assert.rejects(invoicing.companies.update(companyActor(company.id), {
      name: 'B', numberRanges: { INVOICE: { format: 'no sequence' } },
    }))
    assert.deepEqual(await invoicing.companies.get(companyActor(company.id)), company)
  })

  it('fails with not_found for an unknown company', async () => {
    const { invoicing } = setup()
    await assert.rejects(invoicing.companies.update(companyActor('missing'), { name: 'B' }), failsWith('not_found'))
  })
})

describe('companies.get and plan', () => {
  it('fails with not_found for an unknown company', async () => {
    const { invoicing } = setup()
    await assert.rejects(invoicing.companies.get(companyActor('missing')), failsWith('not_found'))
    await assert.rejects(invoicing.companies.plan(companyActor('missing')), failsWith('not_found'))
  })

  it('reports the plan with its features', async () => {
    const { invoicing } = setup()
    const professional = await invoicing.companies.create({ name: 'A' })
    const enterprise = await invoicing.companies.create({ name: 'B', plan: 'ENTERPRISE' })
    const free = await invoicing.companies.create({ name: 'C', plan: 'FREE' })
    assert.deepEqual(await invoicing.companies.plan(companyActor(professional.id)), {
      plan: 'PROFESSIONAL', features: { apiAccess: true, apiCallQuota: 50_000, webhooks: false },
    })
    assert.deepEqual(await invoicing.companies.plan(companyActor(enterprise.id)), {
      plan: 'ENTERPRISE', features: { apiAccess: true, apiCallQuota: 250_000, webhooks: true },
    })
    assert.equal((await invoicing.companies.plan(companyActor(free.id))).features.apiAccess, false)
  })
})

describe('effective API call quota', () => {
  it('follows the plan while the company sets none', async () => {
    const { invoicing } = setup()
    const professional = await invoicing.companies.create({ name: 'A' })
    const enterprise = await invoicing.companies.create({ name: 'B', plan: 'ENTERPRISE' })
    assert.equal(effectiveApiCallQuota(professional), 50_000)
    assert.equal(effectiveApiCallQuota(enterprise), 250_000)
    assert.equal((await invoicing.access.usage(companyActor(enterprise.id))).apiCalls.quota, 250_000)
  })

  it('uses the company’s own quota, and the plan again once it is cleared', async () => {
    const { invoicing } = setup()
    const company = await invoicing.companies.create({ name: 'A', apiCallQuota: 1000 })
    assert.equal(effectiveApiCallQuota(company), 1000)
    assert.equal((await invoicing.access.usage(companyActor(company.id))).apiCalls.quota, 1000)
    const cleared = await invoicing.companies.update(companyActor(company.id), { apiCallQuota: null })
    assert.equal(effectiveApiCallQuota(cleared), 50_000)
    const upgraded = await invoicing.companies.update(companyActor(company.id), { plan: 'ENTERPRISE' })
    assert.equal(effectiveApiCallQuota(upgraded), 250_000)
  })
})

describe('companies.numberRanges', () => {
  it('reports no last number and the first number of the current year', async () => {
    const { invoicing } = setup()
    const company = await invoicing.companies.create({ name: 'A' })
    assert.deepEqual(await invoicing.companies.numberRanges(companyActor(company.id)), [
      { type: 'INVOICE', format: 'RE-{YYYY}-{SEQ:5}', resetYearly: true, lastNumber: null, nextNumber: 'RE-2026-00001' },
      { type: 'CREDIT_NOTE', format: 'GS-{YYYY}-{SEQ:5}', resetYearly: true, lastNumber: null, nextNumber: 'GS-2026-00001' },
      { type: 'PROFORMA', format: 'PF-{YYYY}-{SEQ:5}', resetYearly: true, lastNumber: null, nextNumber: 'PF-2026-00001' },
      { type: 'CUSTOMER', format: 'KD-{SEQ:5}', resetYearly: false, lastNumber: null, nextNumber: 'KD-00001' },
      { type: 'QUOTE', format: 'AN-{YYYY}-{SEQ:5}', resetYearly: true, lastNumber: null, nextNumber: 'AN-2026-00001' },
      { type: 'ORDER_CONFIRMATION', format: 'AB-{YYYY}-{SEQ:5}', resetYearly: true, lastNumber: null, nextNumber: 'AB-2026-00001' },
      { type: 'DELIVERY_NOTE', format: 'LS-{YYYY}-{SEQ:5}', resetYearly: true, lastNumber: null, nextNumber: 'LS-2026-00001' },
      { type: 'ORDER', format: 'AU-{YYYY}-{SEQ:5}', resetYearly: true, lastNumber: null, nextNumber: 'AU-2026-00001' },
    ])
  })

  it('reports the last number taken and the one after it', async () => {
    const { invoicing } = setup()
    const company = await invoicing.companies.create({ name: 'A' })
    const actor = companyActor(company.id)
    await invoicing.customers.create(actor, { name: 'Erster Kunde' })
    const customer = (await invoicing.companies.numberRanges(actor)).find((range) => range.type === 'CUSTOMER')
    assert.equal(customer?.lastNumber, 'KD-00001')
    assert.equal(customer?.nextNumber, 'KD-00002')
  })

  it('reads the year from the clock in the company’s time zone', async () => {
    const { invoicing } = setup('2026-12-31T23:30:00.000Z')
    const berlin = await invoicing.companies.create({ name: 'A' })
    const utc = await invoicing.companies.create({ name: 'B', timeZone: 'UTC' })
    const invoiceRange = async (id: string) => (await invoicing.companies.numberRanges(companyActor(id)))[0]
    assert.equal((await invoiceRange(berlin.id))?.nextNumber, 'RE-2027-00001')
    assert.equal((await invoiceRange(utc.id))?.nextNumber, 'RE-2026-00001')
  })

  it('fails with not_found for an unknown company', async () => {
    const { invoicing } = setup()
    await assert.rejects(invoicing.companies.numberRanges(companyActor('missing')), failsWith('not_found'))
  })
})

describe('switching a range between yearly and continuous numbering', () => {
  it('continues from the number reached instead of handing it out again', async () => {
    const { invoicing } = setup()
    const actor = companyActor((await invoicing.companies.create({
      name: 'Muster GmbH', numberRanges: { CUSTOMER: { format: 'KD-{YYYY}-{SEQ:3}', resetYearly: true } },
    })).id)
    await invoicing.customers.create(actor, { name: 'Eins' })
    await invoicing.customers.create(actor, { name: 'Zwei' })
    const nextOf = async () => (await invoicing.companies.numberRanges(actor)).find((range) => range.type === 'CUSTOMER')!

    await invoicing.companies.update(actor, { numberRanges: { CUSTOMER: { resetYearly: false } } })
    assert.deepEqual([(await nextOf()).lastNumber, (await nextOf()).nextNumber], ['KD-2026-002', 'KD-2026-003'])
    assert.equal((await invoicing.customers.create(actor, { name: 'Drei' })).customerNumber, 'KD-2026-003')

    await invoicing.companies.update(actor, { numberRanges: { CUSTOMER: { resetYearly: true } } })
    assert.equal((await invoicing.customers.create(actor, { name: 'Vier' })).customerNumber, 'KD-2026-004')
  })
})

describe('companies.createFirst', () => {
  it('creates a company with a key on an empty storage, atomically, and nothing once one exists', async () => {
    const { invoicing } = setup()
    const [one, two] = await Promise.all([
      invoicing.companies.createFirst({ name: 'Demo GmbH' }, { name: 'Demo key' }),
      invoicing.companies.createFirst({ name: 'Demo GmbH' }, { name: 'Demo key' }),
    ])
    const created = one ?? two
    assert.ok(created && !(one && two), 'exactly one of two concurrent calls creates')
    assert.equal(created.apiKey.companyId, created.company.id)
    const admission = await invoicing.access.admit(`Bearer ${created.secret}`)
    assert.equal(admission.principal.company.name, 'Demo GmbH')
    assert.equal(await invoicing.companies.createFirst({ name: 'Später' }), undefined)
  })

  it('stores nothing when the key input is invalid', async () => {
    const { invoicing } = setup()
    await assert.rejects(invoicing.companies.createFirst({ name: 'Demo GmbH' }, { scopes: ['nope' as never] }), failsWith('validation_failed'))
    assert.ok(await invoicing.companies.createFirst({ name: 'Demo GmbH' }))
  })
})
