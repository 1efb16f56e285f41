import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import { createInvoicing } from '../create-invoicing'
import { TAX_CASES } from '../tax'
import { createManualClock, createMemoryStorage, failsWith } from '../testing'
import type { CompanyUpdateInput } from './company-schemas'
import { effectiveExportSettings } from './export-settings'

async function setup() {
  const invoicing = createInvoicing({ storage: createMemoryStorage(), clock: createManualClock('2026-03-15T10:00:00.000Z') })
  const company = await invoicing.companies.create({ name: 'Muster GmbH' })
  const actor = companyActor(company.id)
  const update = (input: CompanyUpdateInput) => invoicing.companies.update(actor, input)
  const effective = async () => effectiveExportSettings(await invoicing.companies.get(actor))
  return { invoicing, actor, update, effective }
}

describe('export settings: defaults', () => {
  it('a new company has set none and reads with every default of the settings table', async () => {
    const { invoicing, actor, effective } = await setup()
    const company = await invoicing.companies.get(actor)
    assert.deepEqual([company.datev, company.bmd, company.vatReturn, company.sepa], [{}, {}, {}, {}])
    assert.deepEqual(await effective(), {
      datev: {
        consultantNumber: null, clientNumber: null, chartOfAccounts: 'SKR03', accountLength: 4, fiscalYearStartMonth: 1, lockBookings: false,
        defaultDebtorAccount: '10000',
        revenueAccounts: {
          DOMESTIC_STANDARD: '8400', DOMESTIC_REDUCED: '8300', INTRA_COMMUNITY: '8125', REVERSE_CHARGE_EU: '8336', REVERSE_CHARGE_13B: '8337',
          EXPORT_DELIVERY: '8120', THIRD_COUNTRY: '8338', SMALL_BUSINESS: '8195', OTHER_EXEMPTION: '8100', OSS: '8320',
        },
        buKeys: {},
        bankAccount: '1200',
      },
      bmd: {
        defaultDebtorAccount: null, revenueAccounts: { DEFAULT: '4000' }, taxCodes: { DOMESTIC_STANDARD: '1', DOMESTIC_REDUCED: '1' },
        postingSymbols: { INVOICE: 'AR', CREDIT_NOTE: 'AR' }, documentNumberMode: 'DIGITS_ONLY',
      },
      vatReturn: { basis: 'ACCRUAL', otherExemptionKz: '48' },
      sepa: { painVersion: 'pain.008.001.08', batchBooking: true, useFirstSequenceType: false, transliterate: true },
    })
  })

  it('takes the SKR04 revenue and bank accounts with that chart, and keeps the accounts the company set itself', async () => {
    const { update, effective } = await setup()
    await update({ datev: { revenueAccounts: { DOMESTIC_ZERO: '8401' } } })
    await update({ datev: { chartOfAccounts: 'SKR04' } })
    const { datev } = await effective()
    assert.deepEqual(datev.revenueAccounts, {
      DOMESTIC_STANDARD: '4400', DOMESTIC_REDUCED: '4300', INTRA_COMMUNITY: '4125', REVERSE_CHARGE_EU: '4336', REVERSE_CHARGE_13B: '4337',
      EXPORT_DELIVERY: '4120', THIRD_COUNTRY: '4338', SMALL_BUSINESS: '4185', OTHER_EXEMPTION: '4100', OSS: '4320', DOMESTIC_ZERO: '8401',
    })
    assert.equal(datev.bankAccount, '1800')
  })

  it('moves the default debtor account with the account length (one digit more)', async () => {
    const { update, effective } = await setup()
    await update({ datev: { accountLength: 6 } })
    assert.equal((await effective()).datev.defaultDebtorAccount, '1000000')
  })
})

describe('export settings: validation', () => {
  const refused: [string, CompanyUpdateInput, string][] = [
    ['a consultant number below 1001', { datev: { consultantNumber: 1000 } }, 'datev.consultantNumber'],
    ['a consultant number above 9 999 999', { datev: { consultantNumber: 10_000_000 } }, 'datev.consultantNumber'],
    ['a consultant number with decimals', { datev: { consultantNumber: 1001.5 } }, 'datev.consultantNumber'],
    ['a client number of 0', { datev: { clientNumber: 0 } }, 'datev.clientNumber'],
    ['a client number above 99 999', { datev: { clientNumber: 100_000 } }, 'datev.clientNumber'],
    ['an account length of 9', { datev: { accountLength: 9 } }, 'datev.accountLength'],
    ['an account length of 3', { datev: { accountLength: 3 } }, 'datev.accountLength'],
    ['a fiscal year starting in month 13', { datev: { fiscalYearStartMonth: 13 } }, 'datev.fiscalYearStartMonth'],
    ['lockBookings as text', { datev: { lockBookings: 'yes' as never } }, 'datev.lockBookings'],
    ['a debtor account with letters', { datev: { defaultDebtorAccount: '1000A' } }, 'datev.defaultDebtorAccount'],
    ['a debtor account of the wrong length', { datev: { defaultDebtorAccount: '1000' } }, 'datev.defaultDebtorAccount'],
    ['a revenue account that is no digits', { datev: { revenueAccounts: { OSS: '83-20' } } }, 'datev.revenueAccounts.OSS'],
    ['a revenue account as a number', { datev: { revenueAccounts: { OSS: 8320 as never } } }, 'datev.revenueAccounts.OSS'],
    ['a DEFAULT revenue account for DATEV', { datev: { revenueAccounts: { DEFAULT: '8400' } as never } }, 'datev.revenueAccounts.DEFAULT'],
    ['an unknown tax case', { datev: { buKeys: { DOMESTIC: '9' } as never } }, 'datev.buKeys.DOMESTIC'],
    ['a BU key of five digits', { datev: { buKeys: { DOMESTIC_ZERO: '12345' } } }, 'datev.buKeys.DOMESTIC_ZERO'],
    ['a bank account of nine digits', { datev: { bankAccount: '123456789' } }, 'datev.bankAccount'],
    ['an unknown DATEV setting', { datev: { consultant: 1001 } as never }, 'datev.consultant'],
    ['a BMD tax code with letters', { bmd: { taxCodes: { INTRA_COMMUNITY: 'X' } } }, 'bmd.taxCodes.INTRA_COMMUNITY'],
    ['a BMD posting symbol of five characters', { bmd: { postingSymbols: { CREDIT_NOTE: 'GUTSC' } } }, 'bmd.postingSymbols.CREDIT_NOTE'],
    ['a BMD debtor account with letters', { bmd: { defaultDebtorAccount: 'D1' } }, 'bmd.defaultDebtorAccount'],
    ['the datev object as a list', { datev: [] as never }, 'datev'],
  ]
  for (const [what, input, field] of refused) {
    it(`refuses ${what}, naming ${field}, and changes nothing`, async () => {
      const { invoicing, actor, update } = await setup()
      const before = await invoicing.companies.get(actor)
      await assert.rejects(update({ ...input, name: 'Neu' }), failsWith('validation_failed', { field }))
      assert.deepEqual(await invoicing.companies.get(actor), before)
    })
  }

  const picklists: [string, CompanyUpdateInput, string, string[]][] = [
    ['chart of accounts', { datev: { chartOfAccounts: 'SKR05' as never } }, 'datev.chartOfAccounts', ['SKR03', 'SKR04']],
    ['BMD document number mode', { bmd: { documentNumberMode: 'RAW' as never } }, 'bmd.documentNumberMode', ['DIGITS_ONLY', 'AS_IS']],
    ['UStVA basis', { vatReturn: { basis: 'SOLL' as never } }, 'vatReturn.basis', ['ACCRUAL', 'CASH']],
    ['Kennzahl for other exemptions', { vatReturn: { otherExemptionKz: '44' as never } }, 'vatReturn.otherExemptionKz', ['48', '43']],
    ['pain version', { sepa: { painVersion: 'pain.008.003.02' as never } }, 'sepa.painVersion', ['pain.008.001.08', 'pain.008.001.02']],
  ]
  for (const [what, input, field, allowedValues] of picklists) {
    it(`refuses an unknown ${what} and lists the allowed values`, async () => {
      const { update } = await setup()
      await assert.rejects(update(input), failsWith('validation_failed', { field, allowedValues }))
    })
  }

  it('checks a debtor account set earlier against a new account length', async () => {
    const { update, effective } = await setup()
    await update({ datev: { defaultDebtorAccount: '12345' } })
    await assert.rejects(update({ datev: { accountLength: 5 } }), failsWith('validation_failed', { field: 'datev.defaultDebtorAccount' }))
    await update({ datev: { accountLength: 5, defaultDebtorAccount: '123456' } })
    assert.deepEqual([(await effective()).datev.accountLength, (await effective()).datev.defaultDebtorAccount], [5, '123456'])
  })

  it('checks the settings given when the company is created', async () => {
    const invoicing = createInvoicing({ storage: createMemoryStorage() })
    await assert.rejects(invoicing.companies.create({ name: 'A', datev: { clientNumber: -1 } }), failsWith('validation_failed', { field: 'datev.clientNumber' }))
    const company = await invoicing.companies.create({ name: 'A', datev: { clientNumber: 1 }, sepa: { batchBooking: false } })
    assert.deepEqual([company.datev, company.sepa], [{ clientNumber: 1 }, { batchBooking: false }])
  })

  it('accepts every tax case as a key, and snake_case setting names', async () => {
    const { update, effective } = await setup()
    const accounts = Object.fromEntries(TAX_CASES.map((taxCase, index) => [taxCase, String(9000 + index)]))
    await update({ datev: { consultant_number: 29098, bu_keys: accounts } } as never)
    const { datev } = await effective()
    assert.equal(datev.consultantNumber, 29098)
    assert.deepEqual(datev.buKeys, accounts)
  })
})

describe('export settings: partial updates', () => {
  it('merge per object: fields not given stay', async () => {
    const { update, effective } = await setup()
    await update({ datev: { consultantNumber: 29098, lockBookings: true }, sepa: { batchBooking: false } })
    await update({ datev: { clientNumber: 55003 }, sepa: { transliterate: false } })
    const settings = await effective()
    assert.deepEqual([settings.datev.consultantNumber, settings.datev.clientNumber, settings.datev.lockBookings], [29098, 55003, true])
    assert.deepEqual(settings.sepa, { painVersion: 'pain.008.001.08', batchBooking: false, useFirstSequenceType: false, transliterate: false })
  })

  it('merge the accounts per tax case; null returns one to its default', async () => {
    const { invoicing, actor, update, effective } = await setup()
    await update({ datev: { revenueAccounts: { DOMESTIC_STANDARD: '8401', DOMESTIC_ZERO: '8402' } } })
    await update({ datev: { revenueAccounts: { DOMESTIC_STANDARD: null, OSS: '8321' } } })
    assert.deepEqual((await invoicing.companies.get(actor)).datev, { revenueAccounts: { DOMESTIC_ZERO: '8402', OSS: '8321' } })
    const { revenueAccounts } = (await effective()).datev
    assert.deepEqual([revenueAccounts.DOMESTIC_STANDARD, revenueAccounts.DOMESTIC_ZERO, revenueAccounts.OSS], ['8400', '8402', '8321'])
  })

  it('merge BMD codes, accounts and posting symbols over their defaults', async () => {
    const { update, effective } = await setup()
    await update({ bmd: { defaultDebtorAccount: '20000', revenueAccounts: { INTRA_COMMUNITY: '4100' }, taxCodes: { INTRA_COMMUNITY: '7' }, postingSymbols: { CREDIT_NOTE: 'GU' } } })
    assert.deepEqual((await effective()).bmd, {
      defaultDebtorAccount: '20000',
      revenueAccounts: { DEFAULT: '4000', INTRA_COMMUNITY: '4100' },
      taxCodes: { DOMESTIC_STANDARD: '1', DOMESTIC_REDUCED: '1', INTRA_COMMUNITY: '7' },
      postingSymbols: { INVOICE: 'AR', CREDIT_NOTE: 'GU' },
      documentNumberMode: 'DIGITS_ONLY',
    })
  })

  it('null for a setting or a whole object returns it to the defaults; other objects stay', async () => {
    const { invoicing, actor, update } = await setup()
    await update({ datev: { consultantNumber: 29098, clientNumber: 1, buKeys: { DOMESTIC_ZERO: '40' } }, vatReturn: { basis: 'CASH' } })
    await update({ datev: { clientNumber: null, buKeys: null } })
    assert.deepEqual((await invoicing.companies.get(actor)).datev, { consultantNumber: 29098 })
    await update({ datev: null })
    const company = await invoicing.companies.get(actor)
    assert.deepEqual([company.datev, company.vatReturn], [{}, { basis: 'CASH' }])
  })
})
