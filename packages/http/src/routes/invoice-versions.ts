import { VersionPdfQuerySchema, type Invoicing } from '@invoicing/core'
import { toVersionListResponse, VersionListResponseSchema } from '../responses/sending'
import { data, dataSchema } from '../responses/shapes'
import { defineRoute } from './route'

const tag = 'invoices'

export const invoiceVersionRoutes = ({ versions }: Invoicing) => [
  defineRoute({
    method: 'get', path: '/invoices/{id}/versions', tag, operationId: 'listInvoiceVersions', summary: 'The versions of a locked document',
    description: 'Version 1 is the state frozen when the document was locked (sent); each correction adds one. Highest version first. A document that was never locked has none (currentVersion null).',
    scopes: ['invoices:read'],
    responses: { 200: { description: 'The versions', schema: dataSchema(VersionListResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params }) => ({ body: data(toVersionListResponse(await versions.list(principal.actor, params.id!))) }),
  }),
  defineRoute({
    method: 'get', path: '/invoices/{id}/versions/{version}/pdf', tag, operationId: 'getInvoiceVersionPdf', summary: 'The archived PDF of a version',
    description: 'The PDF archived when the version was taken, byte for byte; it is never drawn again. A version whose archiving failed (hasPdf false) is drawn from its snapshot on its first download and archived then. The version is named in the path; the query parameter of the same name is optional and, when given, must name the same version. 400 for a version that is not a whole number of at least 1; 404 for an unknown invoice or version, or when the PDF can still not be drawn or archived.',
    scopes: ['invoices:read'],
    query: VersionPdfQuerySchema,
    responses: {
      200: {
        description: 'PDF bytes', contentType: 'application/pdf',
        headers: { 'Content-Disposition': 'inline; filename="<document number>-v<version>.pdf"', 'Cache-Control': 'private, max-age=3600, immutable' },
      },
    },
    errors: [404],
    handle: async ({ principal, params, query }) => {
      const file = await versions.pdf(principal.actor, params.id!, { version: params.version!, queryVersion: query.version })
      return {
        body: Buffer.from(file.content),
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename="${file.fileName.replace(/["\\\r\n]/g, '_')}"`,
          'Cache-Control': 'private, max-age=3600, immutable',
        },
      }
    },
  }),
]
