/**
 * The tables as kysely sees them, column names as in SQL. Booleans are 0/1, JSON columns are
 * text, money and rates are exact decimal text, timestamps ISO 8601 text.
 */
export interface Database {
  company: CompanyTable
  api_key: ApiKeyTable
  customer: CustomerTable
  product: ProductTable
  number_sequence: NumberSequenceTable
  usage_counter: UsageCounterTable
}

export interface CompanyTable {
  id: string
  name: string
  street: string | null
  zip_code: string | null
  city: string | null
  country: string
  email: string | null
  phone: string | null
  website: string | null
  vat_id: string | null
  tax_number: string | null
  iban: string | null
  bic: string | null
  bank_name: string | null
  sepa_creditor_id: string | null
  plan: string
  document_quota: number | null
  api_call_quota: number | null
  payment_term_days: number
  default_locale: string
  small_business: number
  oss_registered: number
  reminder_fees: string
  default_interest_rate: string
  texts: string
  number_ranges: string
  time_zone: string
  created_at: string
  updated_at: string
}

export interface ApiKeyTable {
  id: string
  company_id: string
  name: string
  key_hash: string
  key_prefix: string
  scopes: string
  platform_admin: number
  created_at: string
  revoked_at: string | null
}

export interface CustomerTable {
  id: string
  company_id: string
  customer_number: string
  name: string
  email: string | null
  street: string | null
  zip_code: string | null
  city: string | null
  country: string
  vat_id: string | null
  tax_number: string | null
  payment_term_days: number | null
  default_locale: string | null
  buyer_reference: string | null
  notes: string | null
  iban: string | null
  bic: string | null
  sepa_mandate_id: string | null
  sepa_mandate_date: string | null
  created_at: string
  updated_at: string
  /** Folded name, number and email for search. */
  search_text: string
}

export interface ProductTable {
  id: string
  company_id: string
  product_number: string | null
  name: string
  description: string | null
  unit_price: string
  tax_rate: string | null
  unit: string | null
  line_type: string
  created_at: string
  updated_at: string
  /** Folded name, number and description for search. */
  search_text: string
}

export interface NumberSequenceTable {
  company_id: string
  sequence_key: string
  last_value: number
}

export interface UsageCounterTable {
  company_id: string
  month: string
  api_calls: number
  documents_issued: number
}
