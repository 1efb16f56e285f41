/**
 * The prose of the OpenAPI document: what the specification leaves open and how this host
 * decided it, so integrators find it where they look.
 */
export const API_DESCRIPTION = `
REST API of the invoicing engine: companies' customers, products and (in later releases)
invoices, credit notes, payments and reminders, legally right for Germany, Austria and the EU.

## Authentication
Every request carries \`Authorization: Bearer <API key>\`. Keys start with \`sk_live_\`, belong to
exactly one company and carry scopes; records of other companies answer 404. A missing or
malformed header, or an unknown or revoked key, answers 401. A key without a needed scope answers
403 with \`requiredScopes\`; a company whose plan (FREE, STARTER) has no API access answers 403
\`plan_no_access\`. A \`:write\` scope does not include \`:read\`. Keys are created by operators with
\`invoicing key create\`. Responses to keys that cannot use the API at all (401,
403 \`plan_no_access\`) carry no rate-limit headers; every other response does. A key revoked or a company changed by another process takes effect
within one second.

## Limits
100 requests per minute per key in fixed one-minute windows, counted per host process; excess
answers 429 \`rate_limited\`. Each company has a monthly API call quota (PROFESSIONAL 50,000,
ENTERPRISE 250,000, or the company's own); when it is used up the API answers 429
\`quota_exceeded\` until the next calendar month in the company's time zone. Every authenticated
response carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds); a 429
also carries \`Retry-After\` (seconds). Request bodies are limited to 1 MB.

## Requests and responses
Bodies are JSON (\`Content-Type: application/json\`, else 415). Every request field may be written
in camelCase or snake_case (\`zipCode\` = \`zip_code\`); giving both with different values is a 400.
Unknown fields are ignored. Data comes as \`{ "data": ... }\`, lists as \`{ "data": [...],
"pagination": { total, limit, offset, hasMore } }\`. \`limit\` defaults to 50, values above 100 are
capped to 100, values below 1 or not numbers answer 400. Lists are sorted newest first. \`search\`
is a case-insensitive substring match (also beyond ASCII: \`ä\` finds \`Ä\`) in which \`%\` and \`_\`
are ordinary characters. PUT changes only the fields given; \`null\` clears an optional field.
Customers answer in snake_case with camelCase aliases of every field (a legacy resource); newer
resources answer in camelCase only.

Dates are calendar dates \`YYYY-MM-DD\` (\`2026-02-30\` is rejected); timestamps are ISO 8601 in UTC.
Amounts are exact decimals: they are answered as JSON numbers and may be sent as numbers or as
numeric strings (\`"19.99"\`), never rounded through binary floating point.

## Errors
Every error is \`{ "error": "<message>", "code": "<code>", ... }\` with members for particular cases
(\`allowedValues\`, \`requiredScopes\`, \`field\`, \`issues\`). Validation errors name the \`field\`.
Codes: \`validation_failed\`, \`invalid_json\`, \`unsupported_media_type\`, \`payload_too_large\` (413),
\`unauthorized\`, \`insufficient_scope\`, \`plan_no_access\`, \`not_found\`, \`route_not_found\`,
\`method_not_allowed\` (405), \`customer_number_taken\`, \`product_number_taken\`, \`rate_limited\`,
\`quota_exceeded\`, \`storage_busy\` (503, retry), \`internal_error\` (500, never with details; quote the
\`X-Request-Id\` response header when reporting one). Every response carries \`X-Request-Id\` (the
client's own when it sends a sane one).
`.trim()

export const TAGS = [
  { name: 'meta', description: 'The entry point and this document' },
  { name: 'company', description: 'The company of the API key (read-only: company data, number ranges, plan, usage)' },
  { name: 'customers', description: 'Recipients of documents; customer numbers come from the CUSTOMER number range' },
  { name: 'products', description: 'Catalogue entries a line item can name by productId' },
]
