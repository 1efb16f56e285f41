import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { documentedResponses } from '../support/documented'
import { createTenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

describe('company', () => {
  let app: TestApp
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    app = await startTestApp()
    const { api } = await createTenant(app)
    documented = documentedResponses((await api.get('/openapi.json')).body)
  })
  after(() => app.stop())

  it('reads the company of the key with its settings and the effective API call quota', async () => {
    const { api, company } = await createTenant(app, {
      name: 'Bäckerei Süß', vatId: 'DE 123 456 789', reminderFees: { 2: 7.5 }, texts: { en: { INVOICE: { footer: 'Thanks!' } } },
    })
    const response = await api.get('/company')
    documented('GET', '/api/v1/company', response)
    const data = response.body.data
    assert.equal(data.id, company.id)
    assert.equal(data.vatId, 'DE123456789')
    assert.equal(data.apiCallQuota, 50000)
    assert.deepEqual(data.reminderFees, { 1: 0, 2: 7.5, 3: 10 })
    assert.equal(data.defaultInterestRate, 9.12)
    assert.deepEqual(data.texts, { en: { INVOICE: { footer: 'Thanks!' } } })
    assert.deepEqual(data.numberRanges.CUSTOMER, { format: 'KD-{SEQ:5}', resetYearly: false })
  })

  it('reports number ranges with the last and the next number', async () => {
    const { api } = await createTenant(app, { numberRanges: { CUSTOMER: { format: 'C{YY}-{SEQ:3}', resetYearly: true } } })
    await api.post('/customers', { name: 'Eins' })
    await api.post('/customers', { name: 'Zwei' })
    const response = await api.get('/company/number-ranges')
    documented('GET', '/api/v1/company/number-ranges', response)
    // Numbers are dated in the company's time zone (Europe/Berlin), not in UTC.
    const year = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: '2-digit' }).format(new Date())
    const customer = response.body.data.find((range: any) => range.type === 'CUSTOMER')
    assert.deepEqual(customer, { type: 'CUSTOMER', format: 'C{YY}-{SEQ:3}', resetYearly: true, lastNumber: `C${year}-002`, nextNumber: `C${year}-003` })
    const invoice = response.body.data.find((range: any) => range.type === 'INVOICE')
    assert.equal(invoice.lastNumber, null)
    assert.match(invoice.nextNumber, /^RE-\d{4}-00001$/)
  })

  it('reads the plan and its features', async () => {
    const { api } = await createTenant(app, { plan: 'ENTERPRISE' })
    const response = await api.get('/company/plan')
    documented('GET', '/api/v1/company/plan', response)
    assert.deepEqual(response.body.data, { plan: 'ENTERPRISE', features: { apiAccess: true, apiCallQuota: 250000, webhooks: true } })
  })

  it('reads the usage of the month, this request included', async () => {
    const { api } = await createTenant(app, { documentQuota: 100, apiCallQuota: 1000 })
    await api.get('/customers')
    const response = await api.get('/company/usage')
    documented('GET', '/api/v1/company/usage', response)
    assert.match(response.body.data.month, /^\d{4}-\d{2}$/)
    assert.deepEqual(response.body.data.apiCalls, { used: 2, quota: 1000, remaining: 998 })
    assert.deepEqual(response.body.data.documents, { used: 0, quota: 100, remaining: 100, byDocumentType: {} })
  })

  it('shows the export settings with their defaults, and what the company set over them', async () => {
    const fresh = (await (await createTenant(app)).api.get('/company')).body.data
    assert.deepEqual(fresh.datev, {
      consultantNumber: null, clientNumber: null, chartOfAccounts: 'SKR03', accountLength: 4, fiscalYearStartMonth: 1, lockBookings: false,
      defaultDebtorAccount: '10000',
      revenueAccounts: {
        DOMESTIC_STANDARD: '8400', DOMESTIC_REDUCED: '8300', INTRA_COMMUNITY: '8125', REVERSE_CHARGE_EU: '8336', REVERSE_CHARGE_13B: '8337',
        EXPORT_DELIVERY: '8120', THIRD_COUNTRY: '8338', SMALL_BUSINESS: '8195', OTHER_EXEMPTION: '8100', OSS: '8320',
      },
      buKeys: {}, bankAccount: '1200',
    })
    assert.deepEqual(fresh.bmd, {
      defaultDebtorAccount: null, revenueAccounts: { DEFAULT: '4000' }, taxCodes: { DOMESTIC_STANDARD: '1', DOMESTIC_REDUCED: '1' },
      postingSymbols: { INVOICE: 'AR', CREDIT_NOTE: 'AR' }, documentNumberMode: 'DIGITS_ONLY',
    })
    assert.deepEqual(fresh.vatReturn, { basis: 'ACCRUAL', otherExemptionKz: '48' })
    assert.deepEqual(fresh.sepa, { painVersion: 'pain.008.001.08', batchBooking: true, useFirstSequenceType: false, transliterate: true })

    const { api } = await createTenant(app, {
      datev: { consultantNumber: 29098, clientNumber: 55003, chartOfAccounts: 'SKR04', buKeys: { DOMESTIC_ZERO: '40' }, revenueAccounts: { DOMESTIC_ZERO: '4200' } },
      bmd: { defaultDebtorAccount: '20000', postingSymbols: { CREDIT_NOTE: 'GU' } },
      vatReturn: { basis: 'CASH' },
      sepa: { painVersion: 'pain.008.001.02' },
    })
    const response = await api.get('/company')
    documented('GET', '/api/v1/company', response)
    const { datev, bmd, vatReturn, sepa } = response.body.data
    assert.deepEqual([datev.consultantNumber, datev.clientNumber, datev.chartOfAccounts, datev.bankAccount], [29098, 55003, 'SKR04', '1800'])
    assert.deepEqual([datev.revenueAccounts.DOMESTIC_STANDARD, datev.revenueAccounts.DOMESTIC_ZERO, datev.buKeys], ['4400', '4200', { DOMESTIC_ZERO: '40' }])
    assert.deepEqual([bmd.defaultDebtorAccount, bmd.postingSymbols], ['20000', { INVOICE: 'AR', CREDIT_NOTE: 'GU' }])
    assert.deepEqual([vatReturn.basis, sepa.painVersion, sepa.batchBooking], ['CASH', 'pain.008.001.02', true])
  })

  it('is read-only through the API', async () => {
    const { api } = await createTenant(app)
    assert.equal((await api.put('/company', { name: 'Neu' })).status, 405)
  })
})
