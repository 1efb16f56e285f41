import { createUnitOfWork } from '../unit-of-work'
import { requireCustomer } from './require-customer'
import type { Actor } from '../access'
import { requireCompany } from '../companies'
import { InvoicingError } from '../errors'
import { takeNumber } from '../numbering'
import type { CoreDeps } from '../ports/deps'
import type { StorageTx } from '../ports/storage'
import { calendarDateOf } from '../shared/calendar-date'
import type { Page } from '../shared/pagination'
import { withChanges } from '../shared/changes'
import { parseInput } from '../shared/validation'
import type { Customer } from './customer'
import {
  assertVatIdFormat, CustomerCreateSchema, CustomerListQuerySchema, CustomerUpdateSchema,
  type CustomerCreateInput, type CustomerListQuery, type CustomerUpdateInput,
} from './customer-schemas'
import type { IdempotencyClaim } from '../idempotency'

// Numbers given by hand may sit on the range's next values; skip those rather than fail.
const MAX_NUMBER_ATTEMPTS = 1000

export function createCustomerService(deps: CoreDeps) {
  const { storage, clock, ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)
  async function assertNumberFree(tx: StorageTx, companyId: string, customerNumber: string, exceptId?: string) {
    const holder = await tx.customers.findByNumber(companyId, customerNumber)
    if (holder && holder.id !== exceptId) {
      throw new InvoicingError('customer_number_taken', `Customer number ${customerNumber} is already taken`, { customerNumber })
    }
  }

  return {
    async create(actor: Actor, input: CustomerCreateInput, claim?: IdempotencyClaim<Customer>): Promise<Customer> {
      const fields = parseInput(CustomerCreateSchema, input)
      assertVatIdFormat(fields.vatId)
      return inUnitOfWork(actor, async ({ tx, audit }) => {
        const company = await requireCompany(tx, actor)
        const now = clock.now()
        let customerNumber = fields.customerNumber
        if (customerNumber) {
          await assertNumberFree(tx, company.id, customerNumber)
        } else {
          const today = calendarDateOf(now, company.timeZone)
          for (let attempt = 0; !customerNumber; attempt++) {
            if (attempt === MAX_NUMBER_ATTEMPTS) {
              throw new InvoicingError('customer_number_taken', `The next ${MAX_NUMBER_ATTEMPTS} numbers of the CUSTOMER range are all taken by numbers given by hand; give a number or change the range format`)
            }
            const candidate = await takeNumber(tx.sequences, company.id, company.numberRanges, 'CUSTOMER', today)
            if (!(await tx.customers.findByNumber(company.id, candidate))) customerNumber = candidate
          }
        }
        const customer: Customer = {
          id: ids.next(),
          companyId: company.id,
          customerNumber,
          name: fields.name,
          email: fields.email ?? null,
          street: fields.street ?? null,
          zipCode: fields.zipCode ?? null,
          city: fields.city ?? null,
          country: fields.country ?? company.country,
          vatId: fields.vatId ?? null,
          taxNumber: fields.taxNumber ?? null,
          paymentTermDays: fields.paymentTermDays ?? null,
          defaultLocale: fields.defaultLocale ?? null,
          buyerReference: fields.buyerReference ?? null,
          notes: fields.notes ?? null,
          iban: fields.iban ?? null,
          bic: fields.bic ?? null,
          sepaMandateId: fields.sepaMandateId ?? null,
          sepaMandateDate: fields.sepaMandateDate ?? null,
          sepaMandateType: fields.sepaMandateType ?? 'CORE',
          sepaMandateSequence: fields.sepaMandateSequence ?? 'RECURRING',
          sepaMandateLastUsedAt: null,
          ledgerAccount: fields.ledgerAccount ?? null,
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
        }
        await tx.customers.insert(customer)
        await audit('CUSTOMER_CREATED_VIA_API', { type: 'customer', id: customer.id }, { customerNumber: customer.customerNumber })
        return customer
      }, claim)
    },

    async list(actor: Actor, query: CustomerListQuery = {}): Promise<Page<Customer>> {
      const { search, limit, offset } = parseInput(CustomerListQuerySchema, query)
      return storage.customers.list(actor.companyId, { search, limit, offset })
    },

    get: (actor: Actor, id: string): Promise<Customer> => requireCustomer(storage, actor.companyId, id),

    /** Changes the given fields; `null` clears an optional one. */
    async update(actor: Actor, id: string, input: CustomerUpdateInput): Promise<Customer> {
      const changes = parseInput(CustomerUpdateSchema, input)
      assertVatIdFormat(changes.vatId)
      return inUnitOfWork(actor, async ({ tx, audit }) => {
        const current = await requireCustomer(tx, actor.companyId, id)
        if (changes.customerNumber && changes.customerNumber !== current.customerNumber) {
          await assertNumberFree(tx, actor.companyId, changes.customerNumber, id)
        }
        const updated = withChanges(current, { ...changes, updatedAt: clock.now().toISOString() })
        await tx.customers.update(updated)
        await audit('CUSTOMER_UPDATED_VIA_API', { type: 'customer', id }, { changedFields: Object.keys(changes) })
        return updated
      })
    },

    async delete(actor: Actor, id: string): Promise<void> {
      await inUnitOfWork(actor, async ({ tx, audit }) => {
        await requireCustomer(tx, actor.companyId, id)
        if (await tx.invoices.existsForCustomer(actor.companyId, id) || await tx.orderDocuments.existsForCustomer(actor.companyId, id) ||
          await tx.recurringSchedules.existsForCustomer(actor.companyId, id)) {
          throw new InvoicingError('customer_in_use', 'The customer has documents and cannot be deleted')
        }
        await tx.customers.delete(actor.companyId, id)
        await audit('CUSTOMER_DELETED_VIA_API', { type: 'customer', id })
      })
    },
  }
}

export type CustomerService = ReturnType<typeof createCustomerService>
