import { ProductCreateSchema, ProductListQuerySchema, ProductUpdateSchema, type Invoicing } from '@invoicing/core'
import { ProductResponseSchema, toProductResponse } from '../responses/product'
import { data, dataSchema, listOf, listSchema, SuccessSchema } from '../responses/shapes'
import { defineRoute } from './route'

const tag = 'products'

export const productRoutes = ({ products }: Invoicing) => [
  defineRoute({
    method: 'get', path: '/products', tag, operationId: 'listProducts', summary: 'List products, newest first',
    scopes: ['products:read'],
    query: ProductListQuerySchema,
    responses: { 200: { description: 'A page of products', schema: listSchema(ProductResponseSchema) } },
    handle: async ({ principal, query }) => ({ body: listOf(await products.list(principal.actor, query), toProductResponse) }),
  }),
  defineRoute({
    method: 'post', path: '/products', tag, operationId: 'createProduct', summary: 'Create a product',
    description: 'A line item may name a product by productId instead of repeating its description and price.',
    scopes: ['products:write'],
    body: ProductCreateSchema,
    responses: { 201: { description: 'The new product', schema: dataSchema(ProductResponseSchema) } },
    errors: [409],
    run: ({ principal, body }, claim) => products.create(principal.actor, body, claim),
    respond: (product) => ({ status: 201, body: data(toProductResponse(product)) }),
  }),
  defineRoute({
    method: 'get', path: '/products/{id}', tag, operationId: 'getProduct', summary: 'Read a product',
    scopes: ['products:read'],
    responses: { 200: { description: 'The product', schema: dataSchema(ProductResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params }) => ({ body: data(toProductResponse(await products.get(principal.actor, params.id!))) }),
  }),
  defineRoute({
    method: 'put', path: '/products/{id}', tag, operationId: 'updateProduct', summary: 'Change a product',
    description: 'Only the fields given change; null clears an optional field.',
    scopes: ['products:write'],
    body: ProductUpdateSchema,
    responses: { 200: { description: 'The changed product', schema: dataSchema(ProductResponseSchema) } },
    errors: [404, 409],
    handle: async ({ principal, params, body }) => ({ body: data(toProductResponse(await products.update(principal.actor, params.id!, body))) }),
  }),
  defineRoute({
    method: 'delete', path: '/products/{id}', tag, operationId: 'deleteProduct', summary: 'Delete a product',
    description: 'Documents keep the data copied from the product, so deleting is always allowed.',
    scopes: ['products:write'],
    responses: { 200: { description: 'Deleted', schema: SuccessSchema } },
    errors: [404],
    handle: async ({ principal, params }) => {
      await products.delete(principal.actor, params.id!)
      return { body: { success: true } }
    },
  }),
]
