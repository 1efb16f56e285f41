import * as v from 'valibot'
import { boundedString, calendarDate, decimal, optionalText } from '../shared/fields'
import { aliased } from '../shared/validation'
import { PAYMENT_METHODS } from './payment'

/** Case is ignored and a hyphen reads as an underscore (`bank-transfer`). */
const paymentMethod = v.pipe(
  boundedString(40),
  v.description(`${PAYMENT_METHODS.join(', ')}; case is ignored and - reads as _`),
  v.transform((text) => text.trim().toUpperCase().replaceAll('-', '_')),
  v.picklist(PAYMENT_METHODS),
)

const amount = decimal({ min: 0, minExclusive: true, max: 1_000_000_000_000, maxDecimals: 2, description: 'Greater than 0, at most 2 decimal places' })

const entries = {
  paymentMethod: v.optional(paymentMethod),
  paymentDate: v.optional(v.pipe(calendarDate, v.description('Default today (company time zone)'))),
  reference: optionalText(200),
  notes: optionalText(2000),
}

export const PaymentCreateSchema = aliased(v.object({ ...entries, amount }))
export const PaymentUpdateSchema = aliased(v.object({ ...entries, amount: v.optional(amount) }))

export type PaymentCreateInput = v.InferInput<typeof PaymentCreateSchema>
export type PaymentUpdateInput = v.InferInput<typeof PaymentUpdateSchema>
export type PaymentCreateFields = v.InferOutput<typeof PaymentCreateSchema>
