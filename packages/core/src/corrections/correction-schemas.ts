import * as v from 'valibot'
import { calendarDate, requiredText, taxRate } from '../shared/fields'
import { aliased } from '../shared/validation'
import { contentEntries, lineEntries, lineList } from '../invoices'

/** A correction must say why in at least this many characters. */
export const MIN_CHANGE_REASON_LENGTH = 10

const { productId: _, ...correctionLineEntries } = lineEntries

/** A line of a correction: written out in full, so a description is required and the rate defaults to 0. */
export const CorrectionLineSchema = aliased(v.object({
  ...correctionLineEntries,
  description: requiredText(4000),
  taxRate: v.optional(v.pipe(taxRate, v.description('Percent, default 0 in corrections; normalised to the tax country')), '0'),
}))

const {
  dueDate, servicePeriodStart, servicePeriodEnd, reverseCharge, taxExemptionReason, taxExemptionNote, taxCountry,
  deliveryCountry, ossCountry, ossApplicable, headerText, notes, footer, orderNumber, buyerReference,
} = contentEntries

export const CorrectionSchema = aliased(v.object({
  changeReason: v.pipe(
    v.string('is required'),
    v.trim(),
    v.minLength(MIN_CHANGE_REASON_LENGTH, `must be at least ${MIN_CHANGE_REASON_LENGTH} characters`),
    v.maxLength(1000, 'must be at most 1000 characters'),
    v.description(`Why the document is corrected, at least ${MIN_CHANGE_REASON_LENGTH} characters`),
  ),
  customerId: v.optional(v.pipe(requiredText(100), v.description('Another customer of the company as recipient'))),
  issueDate: v.optional(calendarDate),
  dueDate, servicePeriodStart, servicePeriodEnd, reverseCharge, taxExemptionReason, taxExemptionNote, taxCountry,
  deliveryCountry, ossCountry, ossApplicable, headerText, notes, footer, orderNumber, buyerReference,
  lines: v.optional(v.pipe(lineList(CorrectionLineSchema), v.description('Replaces all lines'))),
}))

export type CorrectionInput = v.InferInput<typeof CorrectionSchema>
export type CorrectionFields = v.InferOutput<typeof CorrectionSchema>
