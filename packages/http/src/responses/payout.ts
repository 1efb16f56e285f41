import { PAYOUT_STATUSES, payoutAmountOf, type Invoice } from '@invoicing/core'
import * as v from 'valibot'
import { money, nullableString, timestamp } from './shapes'

/** A credit note's payout with the amount it transfers. */
export const toPayoutFields = ({ payout, grossTotal }: Pick<Invoice, 'payout' | 'grossTotal'>) => ({
  status: payout!.status,
  amount: money(payoutAmountOf({ grossTotal })),
  reference: payout!.reference,
  note: payout!.note,
  executedAt: payout!.executedAt,
  updatedAt: payout!.updatedAt,
})

export const payoutEntries = {
  status: v.pipe(v.picklist(PAYOUT_STATUSES), v.description('PENDING → APPROVED or CANCELLED; APPROVED → EXECUTED, FAILED or CANCELLED; FAILED → APPROVED or CANCELLED')),
  amount: v.pipe(v.number(), v.description('What is paid out: the gross total, positive')),
  reference: v.pipe(nullableString, v.description('Bank or booking reference of the transfer')),
  note: nullableString,
  executedAt: v.nullable(timestamp),
  updatedAt: timestamp,
}
