import type { Company } from '../companies'
import type { Customer } from '../customers'
import { InvoicingError } from '../errors'
import type { IdGenerator } from '../ports/ids'
import type { ProductReader } from '../ports/storage'
import type { CalendarDate } from '../shared/calendar-date'
import { type DocumentTotals, type TaxSituation, type TaxSituationInput, computeTotals, resolveTaxSituation } from '../tax'
import { negated } from '../shared/decimal-text'
import type { Invoice, LineInput } from '../invoices'
import type { DocumentLine } from './document-line'

/**
 * A line as asked for, with the product's defaults filled in; not yet priced. `taxRate` is the
 * requested rate (null: the standard rate of the tax country).
 */
export type LineDraft = Pick<DocumentLine, 'lineType' | 'productId' | 'description' | 'quantity' | 'unit' | 'unitPrice' | 'discount' | 'sourceLineId'> & {
  taxRate: string | null
}

/** Fills each line from its product (`productId`), whose fields are the line's defaults. */
export async function draftLines(products: ProductReader, companyId: string, inputs: readonly LineInput[]): Promise<LineDraft[]> {
  return Promise.all(inputs.map(async (input, lineIndex) => {
    const product = input.productId ? await products.get(companyId, input.productId) : undefined
    if (input.productId && !product) {
      throw new InvoicingError('not_found', `lines.${lineIndex}.productId: product not found`, { field: `lines.${lineIndex}.productId`, lineIndex })
    }
    return {
      lineType: input.lineType ?? product?.lineType ?? 'PRODUCT',
      productId: input.productId ?? null,
      description: input.description !== undefined ? input.description : product ? product.description ? `${product.name}\n${product.description}` : product.name : null,
      quantity: input.quantity ?? '1',
      unit: input.unit !== undefined ? input.unit : product?.unit ?? null,
      unitPrice: input.unitPrice ?? product?.unitPrice ?? '0',
      discount: input.discount ?? '0',
      taxRate: input.taxRate !== undefined ? input.taxRate : product?.taxRate ?? null,
      sourceLineId: null,
    }
  }))
}

/**
 * Lines as a document of a kind with this sign stores them: requests give positive quantities,
 * credit notes store them (and their discounts) negative, which negates every amount exactly.
 */
export const signedFor = (sign: 1 | -1, drafts: LineDraft[]): LineDraft[] => sign === 1
  ? drafts
  : drafts.map((draft) => ({ ...draft, quantity: negated(draft.quantity), discount: negated(draft.discount) }))

/** The lines of a stored document as drafts again, to price them under a changed situation. */
export const draftsOf = (lines: readonly DocumentLine[]): LineDraft[] =>
  lines.map(({ lineType, productId, description, quantity, unit, unitPrice, discount, requestedTaxRate, sourceLineId }) =>
    ({ lineType, productId, description, quantity, unit, unitPrice, discount, taxRate: requestedTaxRate, sourceLineId }))

/** The lines of a document as drafts of lines made from them, each linked to its source line. */
export const linkedDraftsOf = (lines: readonly DocumentLine[]): LineDraft[] =>
  draftsOf(lines).map((draft, index) => ({ ...draft, sourceLineId: lines[index]!.id }))

export function taxSituationOf(company: Company, customer: Customer, date: CalendarDate, given: TaxSituationInput['given']): TaxSituation {
  return resolveTaxSituation({
    seller: { country: company.country, vatId: company.vatId, smallBusiness: company.smallBusiness, ossRegistered: company.ossRegistered },
    buyer: { country: customer.country, vatId: customer.vatId },
    date,
    given,
  })
}

/** The tax fields of a document as the situation decides them. */
export const taxFieldsOf = (situation: TaxSituation) => ({
  taxCountry: situation.taxCountry,
  deliveryCountry: situation.deliveryCountry,
  reverseCharge: situation.reverseCharge,
  taxExemptionReason: situation.taxExemptionReason,
  ossApplicable: situation.ossApplicable,
  ossCountry: situation.ossCountry,
})

export interface PricedDocument {
  lines: DocumentLine[]
  totals: Pick<Invoice, 'netTotal' | 'taxTotal' | 'grossTotal' | 'taxBreakdown'>
}

/**
 * Amounts travel as JSON numbers; below this every cent is exact in a double (2^53 cents is
 * about 9e13 units).
 */
export const MAX_AMOUNT = 1e12
const tooLarge = (amount: string) => Math.abs(Number(amount)) >= MAX_AMOUNT

/** Prices the lines under `situation`: amounts, normalised rates, categories and totals. */
export function priceLines(drafts: readonly LineDraft[], situation: TaxSituation, ids: IdGenerator): PricedDocument {
  const totals: DocumentTotals = computeTotals(drafts, situation)
  const lineIndex = totals.lines.findIndex((line) => tooLarge(line.netAmount))
  if (lineIndex >= 0) {
    throw new InvoicingError('validation_failed', `lines.${lineIndex}: amounts of ${MAX_AMOUNT.toExponential()} or more are not supported`, { field: `lines.${lineIndex}`, lineIndex })
  }
  if ([totals.netTotal, totals.taxTotal, totals.grossTotal].some(tooLarge)) {
    throw new InvoicingError('validation_failed', `lines: document totals of ${MAX_AMOUNT.toExponential()} or more are not supported`, { field: 'lines' })
  }
  return {
    lines: drafts.map(({ taxRate, ...draft }, index) => ({ id: ids.next(), ...draft, requestedTaxRate: taxRate, ...totals.lines[index]! })),
    totals: { netTotal: totals.netTotal, taxTotal: totals.taxTotal, grossTotal: totals.grossTotal, taxBreakdown: totals.taxBreakdown },
  }
}

/** A document's tax fields, priced lines and totals: the situation of seller, buyer and date applied to `drafts`. */
export function priceDocument(
  company: Company, customer: Customer, date: CalendarDate, given: TaxSituationInput['given'], drafts: readonly LineDraft[], ids: IdGenerator,
): Pick<Invoice, 'lines' | keyof PricedDocument['totals'] | keyof ReturnType<typeof taxFieldsOf>> {
  const situation = taxSituationOf(company, customer, date, given)
  const priced = priceLines(drafts, situation, ids)
  return { ...taxFieldsOf(situation), ...priced.totals, lines: priced.lines }
}
