import type { ApiKey } from '../access/api-key'
import { SCOPES } from '../access/scopes'
import type { Company } from '../companies/company'
import type { Customer } from '../customers/customer'
import { DEFAULT_NUMBER_RANGES } from '../numbering/number-ranges'
import type { Product } from '../products/product'

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
    plan: 'PROFESSIONAL', documentQuota: null, apiCallQuota: 1234,
    paymentTermDays: 14, defaultLocale: 'de', smallBusiness: false, ossRegistered: true,
    reminderFees: { 1: '0', 2: '5', 3: '10.5' }, defaultInterestRate: '9.12',
    texts: { en: { INVOICE: { footer: 'Thank you' } } },
    numberRanges: DEFAULT_NUMBER_RANGES, timeZone: 'Europe/Berlin',
    createdAt: '2026-01-02T03:04:05.678Z', updatedAt: '2026-01-02T03:04:05.678Z',
    ...overrides,
  }
}

export function anApiKey(companyId: string, overrides: Partial<ApiKey> = {}): ApiKey {
  const id = nextId('key')
  return {
    id, companyId, name: 'Shop', keyHash: `hash-${id}`, keyPrefix: 'sk_live_abcd',
    scopes: [...SCOPES], platformAdmin: false,
    createdAt: '2026-01-02T03:04:05.678Z', revokedAt: null,
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
    sepaMandateId: 'M-1', sepaMandateDate: '2026-01-01',
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
