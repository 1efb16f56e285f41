import type { Invoicing } from '@invoicing/core'
import * as v from 'valibot'
import {
  CompanyResponseSchema, NumberRangeStateSchema, PlanResponseSchema, UsageResponseSchema, toCompanyResponse,
} from '../responses/company'
import { data, dataSchema } from '../responses/shapes'
import { defineRoute } from './route'

const tag = 'company'

/** The company is read-only through the API; operators change it with `invoicing company update`. */
export const companyRoutes = ({ companies, access }: Invoicing) => [
  defineRoute({
    method: 'get', path: '/company', tag, operationId: 'getCompany', summary: 'Read the company of the API key',
    scopes: ['company:read'],
    responses: { 200: { description: 'The company and its settings', schema: dataSchema(CompanyResponseSchema) } },
    handle: async ({ principal }) => ({ body: data(toCompanyResponse(await companies.get(principal.actor))) }),
  }),
  defineRoute({
    method: 'get', path: '/company/number-ranges', tag, operationId: 'getNumberRanges', summary: 'Number ranges and the next numbers',
    scopes: ['company:read'],
    responses: { 200: { description: 'One entry per document or record type', schema: dataSchema(v.array(NumberRangeStateSchema)) } },
    handle: async ({ principal }) => ({ body: data(await companies.numberRanges(principal.actor)) }),
  }),
  defineRoute({
    method: 'get', path: '/company/plan', tag, operationId: 'getPlan', summary: 'The plan and its features',
    scopes: ['company:read'],
    responses: { 200: { description: 'Plan and features', schema: dataSchema(PlanResponseSchema) } },
    handle: async ({ principal }) => ({ body: data(await companies.plan(principal.actor)) }),
  }),
  defineRoute({
    method: 'get', path: '/company/usage', tag, operationId: 'getUsage', summary: 'API calls and documents this month against the quotas',
    description: 'The API call count includes this request. Counts of other host processes arrive within about a second.',
    scopes: ['company:read'],
    responses: { 200: { description: 'Usage of the current calendar month', schema: dataSchema(UsageResponseSchema) } },
    handle: async ({ principal }) => ({ body: data(await access.usage(principal.actor)) }),
  }),
]
