import { DocumentCategoryCreateSchema, type DocumentCategory, type Invoicing } from '@invoicing/core'
import * as v from 'valibot'
import { data, dataSchema, SuccessSchema, timestamp } from '../responses/shapes'
import { defineRoute } from './route'

const tag = 'invoices'

const toCategoryResponse = ({ companyId: _, ...category }: DocumentCategory) => category
const CategoryResponseSchema = v.strictObject({ id: v.string(), name: v.string(), createdAt: timestamp })

/** Categories for `documentCategoryId` and the `category_id` filter; they share the invoice scopes. */
export const documentCategoryRoutes = ({ documentCategories }: Invoicing) => [
  defineRoute({
    method: 'get', path: '/document-categories', tag, operationId: 'listDocumentCategories', summary: 'List document categories',
    scopes: ['invoices:read'],
    responses: { 200: { description: 'All categories of the company, by name', schema: dataSchema(v.array(CategoryResponseSchema)) } },
    handle: async ({ principal }) => ({ body: data((await documentCategories.list(principal.actor)).map(toCategoryResponse)) }),
  }),
  defineRoute({
    method: 'post', path: '/document-categories', tag, operationId: 'createDocumentCategory', summary: 'Create a document category',
    scopes: ['invoices:write'],
    body: DocumentCategoryCreateSchema,
    responses: { 201: { description: 'The new category', schema: dataSchema(CategoryResponseSchema) } },
    run: ({ principal, body }, claim) => documentCategories.create(principal.actor, body, claim),
    respond: (category) => ({ status: 201, body: data(toCategoryResponse(category)) }),
  }),
  defineRoute({
    method: 'delete', path: '/document-categories/{id}', tag, operationId: 'deleteDocumentCategory', summary: 'Delete an unused document category',
    description: 'A category that documents use answers 409 category_in_use.',
    scopes: ['invoices:write'],
    responses: { 200: { description: 'Deleted', schema: SuccessSchema } },
    errors: [404, 409],
    handle: async ({ principal, params }) => {
      await documentCategories.delete(principal.actor, params.id!)
      return { body: { success: true } }
    },
  }),
]
