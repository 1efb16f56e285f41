import type { Company, CompanyRepository } from '@invoicing/core'
import type { Kysely, Selectable } from 'kysely'
import type { CompanyTable, Database } from '../database'

const toRow = (company: Company): CompanyTable => ({
  ...company,
  smallBusiness: Number(company.smallBusiness),
  ossRegistered: Number(company.ossRegistered),
  reminderFees: JSON.stringify(company.reminderFees),
  texts: JSON.stringify(company.texts),
  numberRanges: JSON.stringify(company.numberRanges),
})

const fromRow = (row: Selectable<CompanyTable>): Company => ({
  ...row,
  plan: row.plan as Company['plan'],
  defaultLocale: row.defaultLocale as Company['defaultLocale'],
  smallBusiness: row.smallBusiness === 1,
  ossRegistered: row.ossRegistered === 1,
  reminderFees: JSON.parse(row.reminderFees),
  texts: JSON.parse(row.texts),
  numberRanges: JSON.parse(row.numberRanges),
})

export function createCompanyRepository(db: Kysely<Database>): CompanyRepository {
  return {
    async get(id) {
      const row = await db.selectFrom('company').selectAll().where('id', '=', id).executeTakeFirst()
      return row && fromRow(row)
    },
    async count() {
      const { count } = await db.selectFrom('company').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
      return Number(count)
    },
    async insert(company) {
      await db.insertInto('company').values(toRow(company)).execute()
    },
    async update(company) {
      const { id, ...fields } = toRow(company)
      await db.updateTable('company').set(fields).where('id', '=', id).execute()
    },
  }
}
