import {
  CustomerCreateSchema, CustomerListQuerySchema, CustomerUpdateSchema, type Invoicing,
} from '@invoicing/core'
import { CustomerResponseSchema, toCustomerResponse } from '../responses/customer'
import { data, dataSchema, listOf, listSchema, SuccessSchema } from '../responses/shapes'
import { defineRoute } from './route'

const tag = 'customers'

export const customerRoutes = ({ customers }: Invoicing) => [
  defineRoute({
    method: 'get', path: '/customers', tag, operationId: 'listCustomers', summary: 'List customers, newest first',
    scopes: ['customers:read'],
    query: CustomerListQuerySchema,
    responses: { 200: { description: 'A page of customers', schema: listSchema(CustomerResponseSchema) } },
    handle: async ({ principal, query }) => ({ body: listOf(await customers.list(principal.actor, query), toCustomerResponse) }),
  }),
  defineRoute({
    method: 'post', path: '/customers', tag, operationId: 'createCustomer', summary: 'Create a customer',
    description: 'The customer number is taken from the CUSTOMER number range unless given. A vatId must have the format of the country its prefix names (the VIES patterns of the EU-27 with EL and XI, CHE, GB, NO; spaces, dots and dashes are dropped), else 400 invalid_vat_id; only a well-formed one makes a customer in another EU country a business for reverse charge.',
    scopes: ['customers:write'],
    body: CustomerCreateSchema,
    responses: { 201: { description: 'The new customer', schema: dataSchema(CustomerResponseSchema) } },
    errors: [409],
    run: ({ principal, body }, claim) => customers.create(principal.actor, body, claim),
    respond: (customer) => ({ status: 201, body: data(toCustomerResponse(customer)) }),
  }),
  defineRoute({
    method: 'get', path: '/customers/{id}', tag, operationId: 'getCustomer', summary: 'Read a customer',
    scopes: ['customers:read'],
    responses: { 200: { description: 'The customer', schema: dataSchema(CustomerResponseSchema) } },
    errors: [404],
    handle: async ({ principal, params }) => ({ body: data(toCustomerResponse(await customers.get(principal.actor, params.id!))) }),
  }),
  defineRoute({
    method: 'put', path: '/customers/{id}', tag, operationId: 'updateCustomer', summary: 'Change a customer',
    description: 'Only the fields given change; null clears an optional field. A vatId must have the format of the country its prefix names (the VIES patterns of the EU-27 with EL and XI, CHE, GB, NO; spaces, dots and dashes are dropped), else 400 invalid_vat_id; only a well-formed one makes a customer in another EU country a business for reverse charge.',
    scopes: ['customers:write'],
    body: CustomerUpdateSchema,
    responses: { 200: { description: 'The changed customer', schema: dataSchema(CustomerResponseSchema) } },
    errors: [404, 409],
    handle: async ({ principal, params, body }) => ({ body: data(toCustomerResponse(await customers.update(principal.actor, params.id!, body))) }),
  }),
  defineRoute({
    method: 'delete', path: '/customers/{id}', tag, operationId: 'deleteCustomer', summary: 'Delete a customer',
    description: 'A customer that has documents cannot be deleted (409 customer_in_use).',
    scopes: ['customers:write'],
    responses: { 200: { description: 'Deleted', schema: SuccessSchema } },
    errors: [404, 409],
    handle: async ({ principal, params }) => {
      await customers.delete(principal.actor, params.id!)
      return { body: { success: true } }
    },
  }),
]
