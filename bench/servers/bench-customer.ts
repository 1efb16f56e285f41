import type { CustomerCreateInput } from '@invoicing/core'

/** The customer every read case answers with. */
export const BENCH_CUSTOMER: CustomerCreateInput = {
  name: 'Ärztehaus Übersee', email: 'buchhaltung@aerztehaus.at', street: 'Ringstraße 5', zipCode: '1010', city: 'Wien',
  country: 'AT', vatId: 'ATU12345678', paymentTermDays: 30, defaultLocale: 'en',
}
