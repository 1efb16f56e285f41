import * as v from 'valibot'
import { dataSchema } from '../responses/shapes'
import { defineRoute } from './route'

export const API_NAME = 'Invoicing API'
export const API_VERSION = '1.0.0'
/** Where the API lives: every route of the contract is below it. */
export const API_PREFIX = '/api/v1'
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`

const tag = 'meta'

/** The entry point and the machine-readable description; any valid key, no scope. */
export const metaRoutes = (openApiDocument: (origin: string) => unknown) => [
  defineRoute({
    method: 'get', path: '', tag, operationId: 'getApiIndex', summary: 'The API entry point',
    scopes: [],
    responses: {
      200: {
        description: 'Name, version and where the OpenAPI document is',
        schema: dataSchema(v.strictObject({ name: v.string(), version: v.string(), openapi: v.string() })),
      },
    },
    handle: async () => ({ body: { data: { name: API_NAME, version: API_VERSION, openapi: OPENAPI_PATH } } }),
  }),
  defineRoute({
    method: 'get', path: '/openapi.json', tag, operationId: 'getOpenApiDocument', summary: 'This API as an OpenAPI 3.0.3 document',
    scopes: [],
    responses: { 200: { description: 'The OpenAPI document (no envelope); its server is the base URL the request was sent to' } },
    handle: async ({ origin }) => ({ body: openApiDocument(origin) }),
  }),
]
