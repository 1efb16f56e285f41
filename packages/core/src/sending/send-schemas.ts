import * as v from 'valibot'
import { boundedString, emailAddress } from '../shared/fields'
import { aliased } from '../shared/validation'

const MAX_COPIES = 20

/** One address, several separated by `,` or `;`, or an array of addresses. */
const addressList = v.pipe(
  v.union([
    v.pipe(boundedString(MAX_COPIES * 256), v.transform((text) => text.split(/[,;]/).map((part) => part.trim()).filter((part) => part !== ''))),
    v.array(boundedString(254)),
  ], 'must be an email address, a list separated by commas, or an array of addresses'),
  v.array(emailAddress),
  v.maxLength(MAX_COPIES, `must name at most ${MAX_COPIES} addresses`),
  v.description(`Email addresses: one, several separated by commas, or an array (at most ${MAX_COPIES})`),
)

export const SendRequestSchema = aliased(v.object({
  recipientEmail: v.optional(v.pipe(emailAddress, v.description('Default: the customer\'s email address'))),
  cc: v.optional(addressList),
  bcc: v.optional(addressList),
}))

export type SendRequest = v.InferInput<typeof SendRequestSchema>
