import { DEFAULT_NUMBER_RANGES, type Company, type CompanyRepository } from '@invoicing/core'
import { columnsOf } from '../columns'
import { preparedQuery } from '../prepared-query'
import type { CompanyTable } from '../database'
import type { Executor } from '../executor'

const columns = columnsOf<Company>([
  'id', 'name', 'street', 'zipCode', 'city', 'country', 'email', 'phone', 'website', 'vatId', 'taxNumber', 'iban', 'bic',
  'bankName', 'sepaCreditorId', 'plan', 'documentQuota', 'apiCallQuota', 'storageQuotaBytes', 'paymentTermDays', 'defaultLocale', 'smallBusiness',
  'ossRegistered', 'reminderFees', 'defaultInterestRate', 'texts', 'numberRanges', 'timeZone', 'quoteValidityDays', 'createdAt', 'updatedAt',
])

const toRow = (company: Company): CompanyTable => columns.toRow(company, {
  small_business: Number(company.smallBusiness),
  oss_registered: Number(company.ossRegistered),
  reminder_fees: JSON.stringify(company.reminderFees),
  texts: JSON.stringify(company.texts),
  number_ranges: JSON.stringify(company.numberRanges),
  datev: JSON.stringify(company.datev),
  bmd: JSON.stringify(company.bmd),
  vat_return: JSON.stringify(company.vatReturn),
  sepa: JSON.stringify(company.sepa),
}) as unknown as CompanyTable

const fromRow = (row: CompanyTable): Company => columns.fromRow(row, {
  smallBusiness: row.small_business === 1,
  ossRegistered: row.oss_registered === 1,
  reminderFees: JSON.parse(row.reminder_fees),
  texts: JSON.parse(row.texts),
  // A company stored before a range type existed reads with that type's default range.
  numberRanges: { ...DEFAULT_NUMBER_RANGES, ...JSON.parse(row.number_ranges) },
  datev: JSON.parse(row.datev),
  bmd: JSON.parse(row.bmd),
  vatReturn: JSON.parse(row.vat_return),
  sepa: JSON.parse(row.sepa),
})

const companyById = preparedQuery((db, { id }: { id: string }) => db.selectFrom('company').selectAll().where('id', '=', id))

export function createCompanyRepository({ db, row, write }: Executor): CompanyRepository {
  return {
    async get(id) {
      const found = await row(companyById({ id }))
      return found && fromRow(found)
    },
    async count() {
      const counted = await row(db.selectFrom('company').select((eb) => eb.fn.countAll<number>().as('count')))
      return Number(counted?.count ?? 0)
    },
    insert: (company) => write(db.insertInto('company').values(toRow(company))),
    async update(company) {
      const { id, ...fields } = toRow(company)
      await write(db.updateTable('company').set(fields).where('id', '=', id))
    },
  }
}
