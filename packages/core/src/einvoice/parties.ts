import { isCountryCode } from '../shared/fields'
import { InvoicingError } from '../errors'
import type { CalendarDate } from '../shared/calendar-date'
import { canonicalCountry, type TaxCategory } from '../tax'
import { textsOf } from './einvoice-texts'
import type { EInvoiceInput } from './einvoice-input'
import { isComfortProfile, type EInvoiceProfile } from './profiles'
import { kindOf, supplyDateIsDocumentDate } from '../sales-documents'

export interface AddressModel {
  postcode: string | null
  street: string | null
  city: string | null
  /** ISO 3166-1 alpha-2 */
  country: string
}

export interface ElectronicAddress {
  /** CEF EAS: EM (email) or 0204 (Leitweg-ID). */
  scheme: 'EM' | '0204'
  value: string
}

export interface SellerModel {
  name: string
  /** BT-29, only when the VAT id is not shown: the tax number identifies the seller (BR-CO-26). */
  identifier: string | null
  address: AddressModel
  /** BG-6, EN 16931 and XRechnung only. */
  contact: { name: string; phone: string | null; email: string | null } | null
  electronicAddress: ElectronicAddress | null
  /** BT-31, schemeID VA. */
  vatId: string | null
  /** BT-32, schemeID FC. */
  taxNumber: string | null
}

export interface BuyerModel {
  /** BT-46: the customer number. */
  identifier: string
  name: string
  address: AddressModel
  electronicAddress: ElectronicAddress | null
  /** BT-48 */
  vatId: string | null
}

export interface PaymentMeansModel {
  /** UNTDID 4461: 58 SEPA credit transfer (EUR), 30 other credit transfer, 59 SEPA direct debit, 1 not defined. */
  typeCode: '58' | '30' | '59' | '1'
  /** BT-82 */
  information: string | null
  /** BT-84, the account paid to. */
  iban: string | null
  /** BT-86 */
  bic: string | null
  /** BG-19: mandate reference (BT-89), creditor id (BT-90), debited account (BT-91). */
  directDebit: { mandateId: string; creditorId: string; debtorIban: string } | null
}

export interface PartiesModel {
  buyerReference: string | null
  seller: SellerModel
  buyer: BuyerModel
  /** BG-13 / BG-15 */
  shipTo: { name: string | null; address: AddressModel } | null
  /** BT-72 */
  deliveryDate: CalendarDate | null
  paymentMeans: PaymentMeansModel | null
}

/** A Leitweg-ID: coarse address (2-12 digits), optional fine address, check digits. */
const LEITWEG_ID = /^\d{2,12}(-[A-Za-z0-9]{1,30})?-\d{2}$/

const present = (value: string | null | undefined): string | null => value?.trim() || null

function refused(field: string, profile: EInvoiceProfile, rule: string, problem: string): InvoicingError {
  return new InvoicingError('validation_failed', `${field}: ${problem}`, { field, profile, rule })
}

/** VAT id prefixes that are no ISO 3166 code but allowed (BR-CO-09): Greece, Northern Ireland, Kosovo. */
const SPECIAL_PREFIXES = new Set(['EL', 'XI', '1A'])

/** A VAT id whose prefix names a country (BR-CO-09), or null when there is none. */
function vatIdOf(value: string | null, field: string, profile: EInvoiceProfile): string | null {
  const vatId = present(value)?.replace(/\s+/g, '') ?? null
  if (vatId === null) return null
  const prefix = vatId.slice(0, 2).toUpperCase()
  if (!SPECIAL_PREFIXES.has(prefix) && !isCountryCode(prefix)) {
    throw refused(field, profile, 'BR-CO-09', `the VAT id ${vatId} must start with the code of the country that issued it, such as DE or ATU`)
  }
  return vatId
}

/**
 * Seller, buyer, delivery and payment of the e-invoice, after checking that the document has
 * what the profile and its VAT categories require. A missing input is a validation_failed
 * error naming the field: the writer never produces XML the validators would reject.
 */
export function partiesOf(input: EInvoiceInput, profile: EInvoiceProfile, categories: ReadonlySet<TaxCategory>): PartiesModel {
  const { invoice, company, customer } = input
  const xrechnung = profile === 'XRECHNUNG'
  const need = (value: string | null | undefined, field: string, rule: string, problem: string): string => {
    const text = present(value)
    if (text === null) throw refused(field, profile, rule, problem)
    return text
  }

  // Not subject to VAT (O): neither VAT id may be shown (BR-O-02), and only O is allowed (BR-O-11).
  const notSubject = categories.has('O')
  const sellerVatId = notSubject ? null : vatIdOf(company.vatId, 'company.vatId', profile)
  const buyerVatId = notSubject ? null : vatIdOf(customer.vatId, 'customer.vatId', profile)
  const taxNumber = present(company.taxNumber)
  if (sellerVatId === null && taxNumber === null) {
    throw notSubject
      ? refused('company.taxNumber', profile, 'BR-CO-26', 'a document not subject to VAT (category O) must not show the VAT id (BR-O-02), so the seller is identified by its tax number; set the company\'s taxNumber')
      : refused('company.vatId', profile, 'BR-CO-26', 'the seller must be identified by its VAT id or tax number (BR-CO-26, BR-S-02, BR-E-02); set the company\'s vatId or taxNumber')
  }
  if (categories.has('AE')) need(buyerVatId, 'customer.vatId', 'BR-AE-02', 'reverse charge needs the buyer\'s VAT id')
  if (categories.has('K')) {
    need(sellerVatId, 'company.vatId', 'BR-IC-02', 'an intra-Community supply needs the seller\'s VAT id')
    need(buyerVatId, 'customer.vatId', 'BR-IC-02', 'an intra-Community supply needs the buyer\'s VAT id')
  }
  if (categories.has('G')) need(sellerVatId, 'company.vatId', 'BR-G-02', 'an export outside the EU needs the seller\'s VAT id')

  // BT-72, the date of supply the printed document states when it has no service period.
  const deliveryDate = supplyDateIsDocumentDate(invoice, company.country) ? invoice.issueDate : null
  if (categories.has('K') && !deliveryDate && !invoice.servicePeriodStart && !invoice.servicePeriodEnd) {
    throw refused('servicePeriodStart', profile, 'BR-IC-11', 'an intra-Community supply needs the delivery date: set the service period or invoiceDateIsServiceDate')
  }

  const buyerReference = present(invoice.buyerReference)
  const sellerEmail = present(company.email)
  const buyerEmail = present(customer.email)
  if (xrechnung) {
    need(buyerReference, 'buyerReference', 'BR-DE-15', 'XRechnung needs the buyer reference (BT-10, e.g. the Leitweg-ID)')
    need(company.email, 'company.email', 'BR-DE-7', 'XRechnung needs the seller\'s email address (BT-34, BT-43)')
    need(company.phone, 'company.phone', 'BR-DE-6', 'XRechnung needs the seller\'s telephone number (BT-42)')
    need(company.zipCode, 'company.zipCode', 'BR-DE-4', 'XRechnung needs the seller\'s post code')
    need(company.city, 'company.city', 'BR-DE-3', 'XRechnung needs the seller\'s city')
    need(customer.zipCode, 'customer.zipCode', 'BR-DE-9', 'XRechnung needs the buyer\'s post code')
    need(customer.city, 'customer.city', 'BR-DE-8', 'XRechnung needs the buyer\'s city')
    if (!buyerEmail && !(buyerReference && LEITWEG_ID.test(buyerReference))) {
      throw refused('customer.email', profile, 'PEPPOL-EN16931-R010', 'XRechnung needs the buyer\'s electronic address (BT-49): the customer\'s email, or a Leitweg-ID as buyer reference')
    }
  }

  const shipTo = shipToOf(input, profile, categories.has('K'))
  return {
    buyerReference,
    seller: {
      name: company.name.trim(),
      identifier: sellerVatId === null ? taxNumber : null,
      address: { postcode: present(company.zipCode), street: present(company.street), city: present(company.city), country: canonicalCountry(company.country) },
      contact: isComfortProfile(profile) && (present(company.phone) || sellerEmail)
        ? { name: company.name.trim(), phone: present(company.phone), email: sellerEmail }
        : null,
      electronicAddress: sellerEmail ? { scheme: 'EM', value: sellerEmail } : null,
      vatId: sellerVatId,
      taxNumber,
    },
    buyer: {
      identifier: customer.customerNumber,
      name: customer.name.trim(),
      address: { postcode: present(customer.zipCode), street: present(customer.street), city: present(customer.city), country: canonicalCountry(customer.country) },
      electronicAddress: buyerEmail ? { scheme: 'EM', value: buyerEmail } : buyerReference && xrechnung ? { scheme: '0204', value: buyerReference } : null,
      vatId: buyerVatId,
    },
    shipTo,
    deliveryDate,
    paymentMeans: paymentMeansOf(input, profile),
  }
}

/**
 * The deliver-to party: the shipping address when the document uses one, the delivery
 * country when it differs from the buyer's, and for an intra-Community supply always
 * (BR-IC-12). XRechnung wants city and post code in it (BR-DE-10, BR-DE-11).
 */
function shipToOf({ invoice, customer }: EInvoiceInput, profile: EInvoiceProfile, required: boolean): PartiesModel['shipTo'] {
  const deliveryCountry = canonicalCountry(invoice.deliveryCountry || customer.country)
  let shipTo: PartiesModel['shipTo'] = null
  if (invoice.useShippingAddress && (invoice.shippingCity || invoice.shippingStreet || invoice.shippingName)) {
    shipTo = {
      name: present(invoice.shippingName),
      address: {
        postcode: present(invoice.shippingZipCode), street: present(invoice.shippingStreet), city: present(invoice.shippingCity),
        country: invoice.shippingCountry ? canonicalCountry(invoice.shippingCountry) : deliveryCountry,
      },
    }
  } else if (deliveryCountry !== canonicalCountry(customer.country)) {
    shipTo = { name: null, address: { postcode: null, street: null, city: null, country: deliveryCountry } }
  } else if (required) {
    shipTo = {
      name: null,
      address: { postcode: present(customer.zipCode), street: present(customer.street), city: present(customer.city), country: deliveryCountry },
    }
  }
  if (profile === 'XRECHNUNG' && shipTo && (!shipTo.address.city || !shipTo.address.postcode)) {
    if (required) throw refused('shippingCity', profile, 'BR-DE-10', 'XRechnung needs city and post code of the delivery address of an intra-Community supply: give the shipping address')
    return null
  }
  return shipTo
}

/**
 * BG-16, as the printed document words it: an invoice of a customer with a SEPA mandate (and a
 * company with a creditor id) is collected by direct debit from the customer's account;
 * otherwise it is paid by credit transfer (SEPA in euros) to the seller's account, and a
 * credit note to the buyer's, who gets the money. XRechnung requires payment instructions
 * (BR-DE-1): an invoice without the seller's IBAN is refused, a credit note without the
 * buyer's says "not defined" (code 1).
 */
function paymentMeansOf({ invoice, company, customer }: EInvoiceInput, profile: EInvoiceProfile): PaymentMeansModel | null {
  const paidOut = kindOf(invoice).settlement === 'payout'
  const texts = textsOf(invoice.documentLocale)
  const comfort = isComfortProfile(profile)
  const sepa = invoice.currency === 'EUR'
  const compact = (iban: string) => iban.replace(/\s+/g, '')
  const mandate = present(customer.sepaMandateId)
  const debtorIban = present(customer.iban)
  const creditorId = present(company.sepaCreditorId)
  if (kindOf(invoice).directDebit && sepa && mandate && debtorIban && creditorId) {
    return {
      typeCode: '59', information: comfort ? texts.directDebit : null, iban: null, bic: null,
      directDebit: { mandateId: mandate, creditorId, debtorIban: compact(debtorIban) },
    }
  }
  const iban = present(paidOut ? customer.iban : company.iban)
  const bic = present(paidOut ? customer.bic : company.bic)
  if (iban) {
    return {
      typeCode: sepa ? '58' : '30',
      information: comfort ? (sepa ? texts.creditTransfer : texts.bankTransfer) : null,
      iban: compact(iban),
      bic: comfort ? bic : null,
      directDebit: null,
    }
  }
  if (profile !== 'XRECHNUNG') return null
  if (!paidOut) throw refused('company.iban', profile, 'BR-DE-1', 'XRechnung needs payment instructions: set the company\'s IBAN')
  return { typeCode: '1', information: null, iban: null, bic: null, directDebit: null }
}
