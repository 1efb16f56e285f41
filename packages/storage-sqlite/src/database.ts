/**
 * The tables as kysely sees them: camelCase here, snake_case in SQL (CamelCasePlugin).
 * Booleans are 0/1, JSON columns are text, money and rates are exact decimal text.
 */
export interface Database {
  company: CompanyTable
  apiKey: ApiKeyTable
  customer: CustomerTable
  product: ProductTable
  numberSequence: NumberSequenceTable
  usageCounter: UsageCounterTable
}

export interface CompanyTable {
  id: string
  name: string
  street: string | null
  zipCode: string | null
  city: string | null
  country: string
  email: string | null
  phone: string | null
  website: string | null
  vatId: string | null
  taxNumber: string | null
  iban: string | null
  bic: string | null
  bankName: string | null
  sepaCreditorId: string | null
  plan: string
  documentQuota: number | null
  apiCallQuota: number | null
  paymentTermDays: number
  defaultLocale: string
  smallBusiness: number
  ossRegistered: number
  reminderFees: string
  defaultInterestRate: string
  texts: string
  numberRanges: string
  timeZone: string
  createdAt: string
  updatedAt: string
}

export interface ApiKeyTable {
  id: string
  companyId: string
  name: string
  keyHash: string
  keyPrefix: string
  scopes: string
  platformAdmin: number
  createdAt: string
  revokedAt: string | null
}

export interface CustomerTable {
  id: string
  companyId: string
  customerNumber: string
  name: string
  email: string | null
  street: string | null
  zipCode: string | null
  city: string | null
  country: string
  vatId: string | null
  taxNumber: string | null
  paymentTermDays: number | null
  defaultLocale: string | null
  buyerReference: string | null
  notes: string | null
  iban: string | null
  bic: string | null
  sepaMandateId: string | null
  sepaMandateDate: string | null
  createdAt: string
  updatedAt: string
  /** Folded name, number and email for search. */
  searchText: string
}

export interface ProductTable {
  id: string
  companyId: string
  productNumber: string | null
  name: string
  description: string | null
  unitPrice: string
  taxRate: string | null
  unit: string | null
  lineType: string
  createdAt: string
  updatedAt: string
  searchText: string
}

export interface NumberSequenceTable {
  companyId: string
  sequenceKey: string
  lastValue: number
}

export interface UsageCounterTable {
  companyId: string
  month: string
  apiCalls: number
  documentsIssued: number
}
