import { CorrectionSchema, MIN_CHANGE_REASON_LENGTH, SEND_RESERVATION_MINUTES, SendRequestSchema, type Invoicing } from '@invoicing/core'
import {
  CorrectionResponseSchema, SendResponseSchema, toCorrectionResponse, toSendResponse,
} from '../responses/sending'
import { data, dataSchema } from '../responses/shapes'
import { defineRoute } from './route'

const tag = 'invoices'

export const invoiceSendingRoutes = ({ invoices }: Invoicing) => [
  defineRoute({
    method: 'post', path: '/invoices/{id}/send', tag, operationId: 'sendInvoice', summary: 'Mail the document to the customer',
    description: [
      'Mails the PDF (PDF/A-3 with its Factur-X XML) in the document language to recipientEmail, else the customer\'s address',
      '(400 no_recipient), with cc and bcc, from MAIL_FROM or the company\'s email, reply-to the company\'s email. Subject and',
      'body come from the company\'s texts for the locale and type (emailSubject, emailBody), else built-in ones; they may name',
      '{documentNumber}, {documentTitle}, {documentReference}, {customerName}, {companyName}, {grossTotal}, {dueDate} and',
      '{parentNumber}. A draft with a placeholder first gets its real number (403 plan_limit_reached before any number is taken).',
      'Only after the mail server accepted the mail does DRAFT or FINAL become SENT with sentAt and the lock: version 1 is',
      'archived with exactly the PDF that was mailed. A failed delivery answers 500 email_delivery_failed and changes nothing',
      'but the number, which stays on the draft for the next attempt. CANCELLED documents are mailed and stay CANCELLED',
      '(400 invoice_not_issued if they never had a number); SENT, OVERDUE and PAID documents are mailed again unchanged.',
      `While a send runs the document is reserved: another send, or a PUT or DELETE of it, answers 409 send_in_progress; the`,
      `reservation of a crashed process expires after ${SEND_RESERVATION_MINUTES} minutes. A converted proforma answers 409 naming the invoice.`,
      'A document whose PDF would have more than 200 pages is not sent: 400 document_too_large (estimatedPages, maxPages 200), before a number is issued or anything is mailed.',
    ].join(' '),
    scopes: ['invoices:write'],
    body: SendRequestSchema,
    responses: { 200: { description: 'Sent', schema: dataSchema(SendResponseSchema) } },
    errors: [404, 409, 422, 500],
    run: ({ principal, params, body }, claim) => invoices.send(principal.actor, params.id!, body, claim),
    respond: (sent) => ({ body: data(toSendResponse(sent)) }),
  }),
  defineRoute({
    method: 'post', path: '/invoices/{id}/correct', tag, operationId: 'correctInvoice', summary: 'Correct a locked document as a new version',
    description: [
      `Only for locked documents (else 400 not_locked: change it with PUT). change_reason needs at least ${MIN_CHANGE_REASON_LENGTH} characters.`,
      'The number stays; the fields given replace the old ones, lines replaces all lines (each needs a description; tax_rate',
      'defaults to 0), totals are computed again and the new state is stored as a CORRECTION version with its own archived PDF.',
      'A document locked without a version 1 first gets one from its state before the correction (lazyInitialVersion: true).',
      'Cancelled documents and credit notes cannot be corrected (400 invoice_status); a correction that changes nothing is 400.',
      'Lines not replaced keep their ids. Lines that credit notes credit cannot be replaced or shrunk, nor the total brought below',
      'what the credit notes credit (409 credit_exceeds_invoice with creditNoteIds; cancel those credit notes first).',
      'A correction whose PDF would exceed 200 pages answers 400 document_too_large (estimatedPages, maxPages 200) and changes nothing.',
    ].join(' '),
    scopes: ['invoices:write'],
    body: CorrectionSchema,
    responses: { 200: { description: 'The version the correction created', schema: dataSchema(CorrectionResponseSchema) } },
    errors: [404, 409, 422],
    run: ({ principal, params, body }, claim) => invoices.correct(principal.actor, params.id!, body, claim),
    respond: (correction) => ({ body: data(toCorrectionResponse(correction)) }),
  }),
]
