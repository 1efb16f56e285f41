import { TaxRateQuerySchema, type Invoicing } from '@invoicing/core'
import * as v from 'valibot'
import { API_ENUMS } from '../openapi/api-enums'
import {
  ApiIndexSchema, ApiKeyResponseSchema, CountryResponseSchema, CurrencyResponseSchema, EventTypeResponseSchema, TaxRateResponseSchema,
  UnitResponseSchema, toApiKeyResponse, toTaxRateResponse,
} from '../responses/meta'
import { dataSchema } from '../responses/shapes'
import { defineRoute } from './route'

/** The name `GET /api/v1` answers with; the OpenAPI document has the same title. */
export const API_NAME = 'API v1'
export const API_VERSION = '1.0.0'
/** Where the API lives: every route of the contract is below it. */
export const API_PREFIX = '/api/v1'
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`
/** The human-readable reference of this API. */
export const DOCUMENTATION_PATH = `${API_PREFIX}/docs`

const tag = 'meta'
const listed = <T extends v.GenericSchema>(schema: T) => dataSchema(v.array(schema))

const ENUMS_DESCRIPTION = 'Every enum of this API by name, from the same arrays the request and response schemas are built with. '
  + 'A name is the field\'s camelCase name (singular for a list), prefixed by what it belongs to where one field name means different things '
  + '(status → quoteStatus, payoutStatus, recurringScheduleStatus), or the shared last word where several fields take the same values '
  + '(defaultLocale, documentLocale → locale). Enums of one value (fixed discriminators) and true/false query parameters are not listed.'

/** The entry point, the machine-readable description and reference data; any valid key, no scope. */
export const metaRoutes = ({ meta }: Invoicing, openApiDocument: (origin: string) => unknown) => [
  defineRoute({
    method: 'get', path: '', tag, operationId: 'getApiIndex', summary: 'The API entry point',
    scopes: [],
    responses: { 200: { description: 'Name, version, where the description is, the server\'s time and the key\'s company', schema: dataSchema(ApiIndexSchema) } },
    handle: async ({ principal }) => ({
      body: {
        data: {
          name: API_NAME, version: API_VERSION, openapi: OPENAPI_PATH, documentation: DOCUMENTATION_PATH,
          serverTime: new Date().toISOString(), company: { id: principal.company.id, name: principal.company.name },
        },
      },
    }),
  }),
  defineRoute({
    method: 'get', path: '/openapi.json', tag, operationId: 'getOpenApiDocument', summary: 'This API as an OpenAPI 3.0.3 document',
    scopes: [],
    responses: { 200: { description: 'The OpenAPI document (no envelope); its server is the base URL the request was sent to' } },
    handle: async ({ origin }) => ({ body: openApiDocument(origin) }),
  }),
  defineRoute({
    method: 'get', path: '/meta/key', tag, operationId: 'getCallingKey', summary: 'The API key of this request',
    description: 'Never the secret or its hash: prefix shows sk_live_, an ellipsis and the last four characters.',
    scopes: [],
    responses: { 200: { description: 'The calling key', schema: dataSchema(ApiKeyResponseSchema) } },
    handle: async ({ principal, headers }) => ({ body: { data: toApiKeyResponse(await meta.key(principal, headers.authorization as string | undefined)) } }),
  }),
  defineRoute({
    method: 'get', path: '/meta/tax-rates', tag, operationId: 'listTaxRates', summary: 'VAT rates of a country on a day',
    description: 'Standard, reduced, super-reduced and parking rates in force on `date` (default today in the company\'s time zone) in `country` '
      + '(default the company\'s country), each with the days it is in force unchanged. Covered: EU-27, CH, GB, LI and NO from 2020-01-01; '
      + 'another country, or an earlier date, has none. 0 % cases are exemptions, not rates, and are not listed. '
      + 'A country that is no ISO 3166-1 alpha-2 code → 400 invalid_country.',
    scopes: [],
    query: TaxRateQuerySchema,
    responses: { 200: { description: 'The rates, standard first', schema: listed(TaxRateResponseSchema) } },
    handle: async ({ principal, query }) => ({ body: { data: meta.taxRates(principal, query).map(toTaxRateResponse) } }),
  }),
  defineRoute({
    method: 'get', path: '/meta/countries', tag, operationId: 'listCountries', summary: 'Countries (ISO 3166-1 and XK)',
    scopes: [],
    responses: { 200: { description: 'Every ISO 3166-1 alpha-2 code and XK, by code, with German and English short names', schema: listed(CountryResponseSchema) } },
    handle: async () => ({ body: { data: meta.countries() } }),
  }),
  defineRoute({
    method: 'get', path: '/meta/currencies', tag, operationId: 'listCurrencies', summary: 'Currencies (ISO 4217)',
    scopes: [],
    responses: { 200: { description: 'Every active ISO 4217 code, by code', schema: listed(CurrencyResponseSchema) } },
    handle: async () => ({ body: { data: meta.currencies() } }),
  }),
  defineRoute({
    method: 'get', path: '/meta/units', tag, operationId: 'listUnits', summary: 'Units of measure (UN/ECE Rec. 20)',
    scopes: [],
    responses: { 200: { description: 'The unit codes lines are written with and Factur-X / XRechnung carry', schema: listed(UnitResponseSchema) } },
    handle: async () => ({ body: { data: meta.units() } }),
  }),
  defineRoute({
    method: 'get', path: '/meta/enums', tag, operationId: 'listEnums', summary: 'Every enum of the API',
    description: ENUMS_DESCRIPTION,
    scopes: [],
    responses: {
      200: {
        description: 'Enum name → its values',
        schema: dataSchema(v.strictObject(Object.fromEntries(Object.keys(API_ENUMS).map((name) => [name, v.array(v.union([v.string(), v.number()]))])))),
      },
    },
    handle: async () => ({ body: { data: API_ENUMS } }),
  }),
  defineRoute({
    method: 'get', path: '/meta/events', tag, operationId: 'listEventTypes', summary: 'Every webhook event type',
    scopes: [],
    responses: { 200: { description: 'The event catalogue', schema: listed(EventTypeResponseSchema) } },
    handle: async () => ({ body: { data: meta.events() } }),
  }),
]
