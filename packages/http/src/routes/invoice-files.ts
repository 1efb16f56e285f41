import { EInvoiceQuerySchema, type Invoicing } from '@invoicing/core'
import { defineRoute } from './route'

const tag = 'invoices'

export const invoiceFileRoutes = ({ invoices }: Invoicing) => [
  defineRoute({
    method: 'get', path: '/invoices/{id}/pdf', tag, operationId: 'getInvoicePdf', summary: 'The document as PDF',
    description: 'A locked document (sent, or corrected) answers the archived bytes of its current version (X-PDF-Source: s3-cache), so later changes of company or customer data never change it; an unlocked one is rendered from current data (X-PDF-Source: generated), in the document language. The PDF is a PDF/A-3 that carries the e-invoice (Factur-X EN 16931 profile) as the attachment factur-x.xml. A converted proforma answers 409 naming the invoice. A document whose PDF would have more than 200 pages answers 400 document_too_large (estimatedPages, maxPages 200) before anything is drawn.',
    scopes: ['invoices:read'],
    responses: {
      200: {
        description: 'PDF bytes', contentType: 'application/pdf',
        headers: { 'Content-Disposition': 'inline', 'X-PDF-Source': 'generated (rendered from current data) or s3-cache (the archived bytes of a locked document)' },
      },
    },
    errors: [400, 404, 409],
    handle: async ({ principal, params }) => {
      const file = await invoices.pdf(principal.actor, params.id!)
      return {
        body: Buffer.from(file.content),
        headers: {
          'Content-Type': 'application/pdf',
          // Exactly as the contract gives it (no file name parameter).
          'Content-Disposition': 'inline',
          // The contract's name for bytes served from storage instead of drawn.
          'X-PDF-Source': file.source === 'archive' ? 's3-cache' : 'generated',
        },
      }
    },
  }),
  defineRoute({
    method: 'get', path: '/invoices/{id}/facturx', tag, operationId: 'getInvoiceEInvoice', summary: 'The document as e-invoice XML (CII)',
    description: 'Factur-X / ZUGFeRD 2.3 (EN 16931, CII syntax). profile=basic (default) or en16931; profile=xrechnung gives XRechnung 3.0 CII and needs the buyer reference (Leitweg-ID). Type codes 380 invoice, 381 credit note, 325 proforma; drafts are exported with their placeholder number. Internal notes are never included. A locked document (sent, or corrected) answers the XML archived with its current version, byte for byte; an unlocked one is written from current data. A converted proforma answers 409 naming the invoice.',
    scopes: ['invoices:read'],
    query: EInvoiceQuerySchema,
    responses: {
      200: { description: 'CII XML', contentType: 'application/xml', headers: { 'Content-Disposition': 'attachment' } },
    },
    errors: [404, 409],
    handle: async ({ principal, params, query }) => {
      const file = await invoices.eInvoice(principal.actor, params.id!, query)
      return {
        body: typeof file.content === 'string' ? file.content : Buffer.from(file.content),
        headers: {
          'Content-Type': 'application/xml; charset=utf-8',
          'Content-Disposition': 'attachment',
        },
      }
    },
  }),
]
