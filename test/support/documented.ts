import assert from 'node:assert/strict'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import type { ApiResponse } from './api-client'

type OpenApiDocument = { paths: Record<string, Record<string, { responses: Record<string, any> }>>; components: any }

/**
 * Checks responses against the OpenAPI document the host publishes: the schema documented for
 * the operation and status must accept the body, so the document cannot drift from behaviour.
 */
export function documentedResponses(document: OpenApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema({ components: document.components }, 'doc')
  const resolve = (node: any): any => {
    if (node?.$ref) {
      const path = node.$ref.replace('#/', '').split('/')
      return resolve(path.reduce((at: any, key: string) => at[key], document))
    }
    return node
  }
  return (method: string, path: string, response: ApiResponse) => {
    const operation = document.paths[path]?.[method.toLowerCase()]
    assert.ok(operation, `${method} ${path} is not in the OpenAPI document`)
    const documented = resolve(operation.responses[String(response.status)])
    assert.ok(documented, `${method} ${path} does not document status ${response.status}: ${response.text}`)
    const schema = resolve(documented.content?.['application/json']?.schema)
    assert.ok(schema, `${method} ${path} ${response.status} documents no JSON schema`)
    const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')))
    assert.ok(validate(response.body), `${method} ${path} ${response.status} does not match its documented schema: ${ajv.errorsText(validate.errors?.slice(0, 5))}\n${response.text.slice(0, 600)}`)
  }
}
