import { EXPORT_POLICIES, ExportListQuerySchema, VoidExportSchema, type BuiltExportType, type Invoicing } from '@invoicing/core'
import { ExportResponseSchema, toExportResponse } from '../responses/export'
import { fileBody, fileDisposition } from '../responses/file-body'
import { data, dataSchema, listOf, listSchema } from '../responses/shapes'
import { defineRoute, type Route } from './route'

const tag = 'exports'

/** How the create request of each built type is documented; a type without one cannot be mounted. */
const CREATE_DOCS = {
  CSV: {
    operationId: 'createCsvExport', summary: 'Export an entity as CSV',
    description: [
      'One row per record of entity (invoices, invoice_lines, payments, customers, quotes, order_confirmations, delivery_notes, orders),',
      'issueDate (payments: paymentDate) in from..to (required except for customers; at most 731 days, else 400 period_too_long; to before',
      'from → 400 validation_failed). Dialect rfc4180 (",", UTF-8) or excel-de (";", BOM, decimal comma, DD.MM.YYYY). onlyNotExported',
      'leaves out records in a non-voided CSV export (summary.previouslyExported). More than 100,000 records → 400 export_too_large.',
    ].join(' '),
  },
} as const satisfies Record<BuiltExportType, { operationId: string; summary: string; description: string; errors?: readonly number[] }>

const createRoutes = ({ exports }: Invoicing): Route[] => (Object.keys(EXPORT_POLICIES) as BuiltExportType[]).map((type) => defineRoute({
  method: 'post', path: `/exports/${EXPORT_POLICIES[type].path}`, tag, ...CREATE_DOCS[type] as { operationId: string; summary: string; description: string; errors?: readonly number[] },
  scopes: ['exports:write'],
  body: EXPORT_POLICIES[type].schema,
  responses: { 201: { description: 'The export, COMPLETED, with its file stored', schema: dataSchema(ExportResponseSchema) } },
  run: ({ principal, body }, claim) => exports.create(principal.actor, type, body, claim),
  respond: (exported) => ({ status: 201, body: data(toExportResponse(exported)), resourceId: exported.id }),
  replay: async (principal, id) => ({ status: 201, body: data(toExportResponse(await exports.get(principal.actor, id))) }),
}))

export const exportRoutes = (invoicing: Invoicing): Route[] => {
  const { exports } = invoicing
  return [
    ...createRoutes(invoicing),
    defineRoute({
      method: 'get', path: '/exports', tag, operationId: 'listExports', summary: 'List exports',
      description: 'Newest first. from/to filter by the day of createdAt in the company time zone.',
      scopes: ['exports:read'],
      query: ExportListQuerySchema,
      responses: { 200: { description: 'A page of exports', schema: listSchema(ExportResponseSchema) } },
      handle: async ({ principal, query }) => ({ body: listOf(await exports.list(principal.actor, query), toExportResponse) }),
    }),
    defineRoute({
      method: 'get', path: '/exports/{id}', tag, operationId: 'getExport', summary: 'Read an export',
      scopes: ['exports:read'],
      responses: { 200: { description: 'The export', schema: dataSchema(ExportResponseSchema) } },
      errors: [404],
      handle: async ({ principal, params }) => ({ body: data(toExportResponse(await exports.get(principal.actor, params.id!))) }),
    }),
    defineRoute({
      method: 'get', path: '/exports/{id}/file', tag, operationId: 'getExportFile', summary: 'Download an export\'s file',
      description: 'The bytes as stored, also of a voided export, with the media type of the export\'s type (CSV: text/csv; charset=utf-8). Audited (EXPORT_DOWNLOADED_VIA_API).',
      scopes: ['exports:read'],
      responses: {
        200: {
          description: 'The file', contentType: [...new Set(Object.values(EXPORT_POLICIES).flatMap((policy) => policy.contentTypes))],
          headers: {
            'Content-Disposition': 'attachment with the file name (filename and filename*)',
            'X-Content-SHA256': 'Hex SHA-256 of the bytes, as file.sha256',
          },
        },
      },
      errors: [404],
      handle: async ({ principal, params }) => {
        const { export: exported, content } = await exports.file(principal.actor, params.id!)
        return {
          body: fileBody(content.stream),
          headers: {
            'Content-Type': exported.file.contentType,
            'Content-Disposition': fileDisposition(exported.file.name),
            'Content-Length': String(exported.file.size),
            'X-Content-SHA256': exported.file.sha256,
            'X-Content-Type-Options': 'nosniff',
          },
        }
      },
    }),
    defineRoute({
      method: 'post', path: '/exports/{id}/void', tag, operationId: 'voidExport', summary: 'Void an export',
      description: 'COMPLETED → VOIDED, with an optional reason: its records may be exported again (onlyNotExported); the file stays downloadable. An export voided already → 409 status_conflict. There is no DELETE.',
      scopes: ['exports:write'],
      body: VoidExportSchema,
      responses: { 200: { description: 'The export, VOIDED', schema: dataSchema(ExportResponseSchema) } },
      errors: [404, 409],
      run: ({ principal, params, body }, claim) => exports.void(principal.actor, params.id!, body, claim),
      respond: (exported) => ({ body: data(toExportResponse(exported)) }),
    }),
  ]
}
