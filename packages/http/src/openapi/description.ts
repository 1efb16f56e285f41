/**
 * The prose of the OpenAPI document: what the specification leaves open and how this host
 * decided it, so integrators find it where they look.
 */
export const API_DESCRIPTION = `
REST API of the invoicing engine: companies' customers, products, invoices, proformas, their
payments and reminders, credit notes with their payouts, cancellation credit notes and versions,
legally right for Germany, Austria and the EU.

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
No text may contain the character U+0000, in the body (field names too), path or query parameters:
400 \`validation_failed\` naming the field. Unknown body fields are accepted and ignored; the response names them in the header
\`Invoicing-Ignored-Fields\` (\`colour, lines[].colour\`; aliases are known, the content of
\`metadata\` is never reported), so a misspelt field does not pass unnoticed. An unknown query
parameter answers 400 \`unknown_parameter\` with the names in \`parameters\`. Data comes as \`{ "data": ... }\`, lists as \`{ "data": [...],
"pagination": { total, limit, offset, hasMore } }\`. \`limit\` defaults to 50, values above 100 are
capped to 100, values below 1 or not numbers answer 400. Lists are sorted newest first. \`search\`
is a case-insensitive substring match (also beyond ASCII: \`ä\` finds \`Ä\`) in which \`%\` and \`_\`
are ordinary characters. PUT changes only the fields given; \`null\` clears an optional field.
Customers, payments and credit notes answer in snake_case with camelCase aliases of every field
(legacy resources); newer resources answer in camelCase only.

Dates are calendar dates \`YYYY-MM-DD\` (\`2026-02-30\` is rejected); timestamps are ISO 8601 in UTC.
Amounts are exact decimals: they are answered as JSON numbers and may be sent as numbers or as
numeric strings (\`"19.99"\`), never rounded through binary floating point.

## Invoices
A document is created as a DRAFT with a placeholder number \`ENTWURF-…\`. Its real number is taken
from the company's number range of its type (INVOICE \`RE-{YYYY}-{SEQ:5}\`, PROFORMA, CREDIT_NOTE) in
the same transaction that issues it, so numbers have no gaps and no duplicates, also with several
host processes on one database. A number once issued stays on the document: FINAL → DRAFT keeps it
and issuing again reuses it; such a draft cannot be deleted (409 \`invoice_number_issued\`).
The monthly \`documentQuota\` counts documents when they get their number (leaving draft); a
document that already holds its number is not counted again, and a cancellation credit note is
never refused or counted. A cancellation credit note is FINAL and locked from the start: it
can be sent and settled (FINAL → SENT → PAID), never edited or reopened. A range whose format was
changed so that it would issue a number another document holds answers 409
\`invoice_number_taken\` and issues nothing. PUT emits \`invoice.sent\`, \`invoice.paid\` or
\`invoice.cancelled\` on the matching status change, otherwise (content changes, FINAL, DRAFT,
OVERDUE) \`invoice.updated\`; a PUT that changes nothing emits nothing. \`currency\` is an ISO 4217
code; \`metadata\` and \`eInvoiceAudit\` are JSON objects of at most 16 KB and 8 levels; line
amounts and totals must stay below 10^12 (so every cent is exact as a JSON number). Line \`lineType\`s: PRODUCT, SERVICE and SHIPPING are
quantity × unitPrice − discount; DISCOUNT_ABSOLUTE, ADVANCE_PAYMENT and CREDIT deduct their amount;
DISCOUNT_PERCENT takes \`unitPrice\` percent off the preceding lines of the same tax rate; TEXT,
SUBTOTAL and PAGEBREAK carry no amount. Totals: line net = round2(quantity × unitPrice − discount),
tax per rate = round2(Σ nets × rate), half-up to cents. Rates are read in the company's country and
normalised to the tax country (standard → standard, reduced → reduced). List items carry their
lines; the detail read adds the customer, payments and paidAmount.

## Sending, locking and versions
\`POST /invoices/{id}/send\` mails the PDF (a PDF/A-3 with the Factur-X EN 16931 XML attached) from
the host's \`MAIL_FROM\`, else the company's email (400 \`no_sender\` when neither exists), reply-to the
company's email, to \`recipientEmail\` or the customer's email (400 \`no_recipient\`). \`cc\` and \`bcc\`
take one address, several separated by commas, or an array (at most 20); the response gives them
as one comma-separated string (null when none). Subject and body come from the company's
\`texts.<locale>.<type>.emailSubject\` / \`emailBody\` (credit notes and cancellations use CREDIT_NOTE),
else built-in texts in the document language; placeholders \`{documentNumber}\`, \`{documentTitle}\`,
\`{documentReference}\`, \`{customerName}\`, \`{companyName}\`, \`{grossTotal}\` (absolute, formatted),
\`{dueDate}\` and \`{parentNumber}\` are filled in; unknown ones stay as written. The send takes the
number first (rule 3: a failed delivery leaves it on the draft, 500 \`email_delivery_failed\`), and only
after the mail server accepted the mail is the document SENT, locked and frozen as version 1, whose
archived PDF is byte for byte the PDF that was mailed. Documents already SENT, OVERDUE or PAID are
mailed again unchanged, as the archived PDF of their current version (sentAt keeps the first sending); CANCELLED ones stay CANCELLED (400
\`invoice_not_issued\` when they never had a number). While a send runs, the document is reserved:
another send, a PUT or a DELETE of it answers 409 \`send_in_progress\`; a reservation left by a
crashed process expires after 10 minutes. \`PUT status SENT\` records a sending done elsewhere: it
locks and archives version 1 but mails nothing. A cancellation credit note is locked, with its
version 1, when it is created.

Versions: version 1 (\`changeType\` INITIAL) is the document as it was locked; each correction adds a
CORRECTION version. Each version keeps a full snapshot (document, customer, company) and its PDF,
drawn once and then only served from the archive, with the e-invoice XML of every profile archived
beside it. A locked document never changes on a read: \`GET …/pdf\` and \`GET …/facturx\` answer the
archived bytes of its current version (\`X-PDF-Source: s3-cache\`), so later changes of company or
customer data never reach it; unlocked documents are drawn from current data (\`generated\`).
\`currentVersion\` is null for a document never
locked. \`hasPdf\` is false if the PDF could not be archived; its first download draws and archives it then (404 while that still fails). \`createdBy\`
is the API key id. \`POST /invoices/{id}/correct\` changes a locked document (400 \`not_locked\` for
DRAFT and unlocked FINAL ones: use PUT); cancelled documents and credit notes cannot be corrected
(400 \`invoice_status\`); a correction that changes nothing is a 400. When \`customer_id\` changes, the
tax situation is derived again from the new customer unless the tax fields are given.

## Payments, cancellation and copies
Payments (a legacy resource: snake_case with camelCase aliases) are recorded on FINAL, SENT and
OVERDUE documents, not on credit notes (400 \`invoice_status\`). \`payment_date\` is a calendar date
(default today in the company's time zone); paying the gross total makes the document PAID with
\`paidAt\` = that date at 00:00 UTC. \`amount_due\` never goes below 0 (a payment may exceed the balance
by 0.01). Payments of a cancelled document cannot change (409 \`invoice_cancelled\`) but may be
deleted; deleting a payment answers \`{ data: { id, deleted: true, invoice_id, invoice_number,
invoice_status, total_paid, amount_due } }\` with camelCase aliases. A payment
that reopens a PAID document emits no event (the Events table names none). A correction keeps the
payments: it settles the status against them and refuses a total below what was paid (409
\`amount_exceeds_remaining\`). Actions in the wrong status answer 409 \`status_conflict\` (cancel,
storno, convert). Duplicate and convert check the monthly document quota (403) but count nothing:
the copy is counted when it is issued. Deleting a converted invoice draft releases the proforma and
returns its payments.

## Reminders (dunning)
\`POST /invoices/{id}/dunning\` with \`action: send\` mails the reminder of the next level (1 payment
reminder, 2 first formal reminder, 3 final reminder) as a PDF in the invoice's language; \`pause\` and
\`resume\` stop and restart that. Reminders are a legacy resource (snake_case with camelCase aliases).
Fee: \`custom_reminder_fee\`, else the company's \`reminderFees\` for the level. With
\`include_interest\`, simple interest = remaining × \`defaultInterestRate\` × days / 365, half-up to
cents, for the overdue days no earlier reminder charged (a day is never charged twice; the first
reminder with interest charges all days overdue). \`remaining_amount\` is what is left of the gross
total after payments; \`total_amount\` adds every fee and interest charged so far. The GET totals are
the sums of the reminders; \`total_outstanding\` = what is left now + all fees + all interest. A
reminder is stored only after the mail server took it (502 \`email_failed\` otherwise); the first one
moves SENT to OVERDUE. Reminders are sent whether or not the due date has passed (\`days_overdue\` 0).

## Credit notes
Credit notes are documents of type CREDIT_NOTE: \`/invoices\` reads and changes them too, and
\`/credit-notes\` is their own group (scopes \`invoices:read\` / \`invoices:write\`). They are created
as drafts with a placeholder number, standalone (a recipient and lines) or linked to an invoice
(\`parent_invoice_id\`): then the invoice must be SENT, PAID or OVERDUE (409 \`status_conflict\`), its
lines are credited in full, in part (\`partial_lines\`: quantity at most the invoiced one, the line
discount in proportion) or as the \`lines\` given, under the invoice's tax details, currency,
category and language and with the tax rates of the invoice's date (a credit corrects that supply).
A linked credit note goes to the invoice's customer (another \`recipient_id\` is a 400), and a
percent discount of the invoice below a line credited in part comes along. All credit notes of
one invoice, drafts included and cancelled ones not, credit at most its gross total, plus a cent
per credited line for the rounding of partial credits (409 \`credit_exceeds_invoice\` with
\`creditableAmount\`). Each credited line names the invoice line it credits (\`creditedLineId\`), and
no invoice line is credited beyond its quantity by them together (409 \`credit_exceeds_invoice\`
with \`lineId\`, \`lineIndex\` and \`creditableQuantity\`; \`lines\` given freely credit no particular
line and count only against the total). An invoice with such credit notes cannot be cancelled (409 \`status_conflict\`:
cancel them first, or credit the rest). A correction keeps the lines it does not replace; it may
not replace or shrink a line credit notes credit, nor bring the total below what they credit
(409 \`credit_exceeds_invoice\` with \`creditNoteIds\`, and \`lineId\` or \`creditedAmount\`). A credit note must credit an amount: a total of 0 or
above is a 400. Requests give quantities and
prices positive; credit notes store quantities and amounts negative, so totals are negative and
\`payout.amount\` (= |grossTotal|) positive. The number comes from the CREDIT_NOTE range when the
credit note is issued: PUT status FINAL or SENT, POST send, or POST execute. Status changes: DRAFT →
FINAL, SENT or CANCELLED; FINAL → SENT, DRAFT or CANCELLED; SENT → CANCELLED; never PAID or OVERDUE
(that is what the payout tracks). The payout moves PENDING → APPROVED or CANCELLED, APPROVED →
EXECUTED, FAILED, CANCELLED or back to PENDING, FAILED → APPROVED or CANCELLED (else 400
\`invalid_status_transition\` with \`allowedTransitions\`). While it is APPROVED the content is frozen (400 \`content_locked\`): what was approved is
what is paid out. Executing it issues a draft (FINAL) and
locks the credit note with its version 1, as it was paid out: afterwards it can only be mailed
(FINAL → SENT), not edited or cancelled. Cancelling a credit note cancels its payout. Cancellation
credit notes have no payout (\`payout: null\`, 409 \`status_conflict\` on payout changes) and cannot
be cancelled themselves (409 on POST cancel, 400 on PUT). Payout changes and execution emit no
webhook event (the Events table names none); the audit trail records them.

## Webhooks
Enterprise plan only (else 403 \`plan_feature_unavailable\`; scopes \`webhooks:read\` / \`webhooks:write\`).
Every event is stored in the transaction of its change (the outbox) and delivered from the host
process at least once to each active endpoint subscribed to its type (\`events\`, or \`["*"]\`) at
the time it is handed out. Body: \`{ id, type, createdAt, companyId, data }\`, where \`data\` is the
record right after the change as the engine stores it (amounts as exact decimal strings). Headers
follow Standard Webhooks, so any of its libraries verifies them: \`webhook-id\` (the event id, the
same on every attempt: use it to drop duplicates), \`webhook-timestamp\` (seconds) and
\`webhook-signature\` (\`v1,\` + base64 HMAC-SHA256 of \`id.timestamp.body\` keyed with the
base64-decoded part of the \`whsec_\` secret). A delivery succeeds on a 2xx answer received in
full within 10 s (connecting, sending and reading the whole answer); otherwise it is tried again
after 1 min, 5 min, 30 min, 1 h, 2 h, 6 h and 14 h (8 attempts, about a day), also after a restart
of the host. An endpoint receives one attempt at a time, so a slow receiver delays only its own
deliveries. An attempt cut off because the host shuts down counts as failed and is tried again. Order between events is not promised: each carries its
id and time. Every attempt is logged (\`GET /webhooks/{id}/deliveries\`) with the receiver's status
code and the first 1024 characters of its answer. URLs must be https and resolve to public
addresses only (checked at creation and again, after DNS resolution, at every delivery) unless
the host runs with \`INVOICING_ALLOW_INSECURE_WEBHOOKS=1\`. Events of the Events table not yet
emitted by this release: \`invoice.overdue\`, \`reminder.sent\`, \`reminder.escalated\` (dunning).

## Audit trail
Every API action that changes something writes an audit entry (INVOICE_CREATED_VIA_API,
PAYMENT_RECORDED_VIA_API, CREDIT_NOTE_EXECUTED_VIA_API, and beyond the specification's names
CUSTOMER_*, PRODUCT_*, DOCUMENT_CATEGORY_* and WEBHOOK_*_VIA_API) in the transaction of the action, with the acting key, the
target record, the time and a small \`details\` object; \`GET /audit-log\` (scope \`company:read\`)
reads them newest first, filtered by \`target_id\` and \`action\`. The engine has no user accounts, so
the company's owner, to whom the specification attributes cancellations, is its earliest API key:
cancellation entries name it in \`details.attributedToApiKeyId\`.

## Idempotency
Every POST accepts \`Idempotency-Key\` (8–200 characters of \`A-Z a-z 0-9 . _ : -\`, else 422
\`invalid_idempotency_key\`), per company, kept 30 days. The same key with the same method, path and
body (the whole body, unused fields included; key order does not matter) answers the first response
again with \`Idempotent-Replayed: true\` and does nothing. Every POST stores its key with its answer in
the transaction of its effect: a crash right after cannot lead to a second effect, and a request
that failed, or whose host died, before its effect committed leaves the key free at once. POST
/invoices and POST /credit-notes answer a replay with the document in its current state (409
\`idempotency_key_invoice_deleted\` if it is gone; deleting the draft frees the key, so the key then
creates a new one). The same key with another request answers 422 \`idempotency_key_reused\`.
Concurrent requests with one key on one host wait for the first and replay it (409
\`idempotency_key_in_progress\` after 15 s); on several hosts sharing a database, the one whose
effect commits first wins and the other replays its answer, and a send or reminder still being
mailed under the key answers 409 \`idempotency_key_in_progress\`.

## Errors
Every error is \`{ "error": "<message>", "code": "<code>", ... }\` with members for particular cases
(\`allowedValues\`, \`requiredScopes\`, \`field\`, \`issues\`, \`lineIndex\`). Validation errors name the \`field\`; errors about one line also give its \`lineIndex\` (from 0).
Codes: \`validation_failed\`, \`invalid_json\`, \`body_too_complex\` (400: nested deeper than 64 levels, or an
array of more than 10,000 items), \`unsupported_media_type\`, \`payload_too_large\` (413, bodies over 1 MB),
\`unauthorized\`, \`insufficient_scope\`, \`plan_no_access\`, \`not_found\`, \`route_not_found\`,
\`method_not_allowed\` (405), \`customer_number_taken\`, \`product_number_taken\`, \`customer_in_use\`,
\`category_in_use\`, \`invoice_number_taken\`, \`credit_exceeds_invoice\` (\`creditableAmount\`), \`invalid_status_transition\` (\`allowedTransitions\`), \`content_locked\`
(\`lockedFields\`, \`correctionEndpoint\`), \`invoice_status\`, \`invoice_number_issued\`
(\`invoiceNumber\`), \`plan_limit_reached\`, \`invalid_idempotency_key\`, \`idempotency_key_reused\`,
\`idempotency_key_in_progress\`, \`idempotency_key_invoice_deleted\`, \`rate_limited\`,
\`quota_exceeded\`, \`document_too_large\` (400, \`estimatedPages\`, \`maxPages\`: a PDF has at most 200 pages; checked before drawing, issuing, locking or sending), \`busy\` (503 with \`Retry-After\` and \`retryAfterSeconds\`; nothing was changed, retry), \`database_unavailable\` (503 on any operation, with \`Retry-After\` and \`retryAfterSeconds\`: the database is not reachable or did not answer in time; the host reconnects by itself, retry, a POST with the same \`Idempotency-Key\`), \`internal_error\` (500, never with details; quote the
\`X-Request-Id\` response header when reporting one). Every response carries \`X-Request-Id\` (the
client's own when it sends a sane one).
`.trim()

export const TAGS = [
  { name: 'meta', description: 'The entry point, this document and reference data: the calling key, VAT rates, countries, currencies, units, enums and event types. Any valid key, no scope; counted against the key\'s rate limit but never against the monthly API call quota (nor refused when it is used up).' },
  { name: 'company', description: 'The company of the API key (read-only: company data, number ranges, plan, usage)' },
  { name: 'customers', description: 'Recipients of documents; customer numbers come from the CUSTOMER number range' },
  { name: 'products', description: 'Catalogue entries a line item can name by productId' },
  { name: 'invoices', description: 'Invoices and proformas: drafts, status changes, gapless numbers, tax and totals, sending, versions, corrections, cancellation, copies; document categories' },
  { name: 'payments', description: 'Money received for documents; paying the total makes a document PAID' },
  { name: 'webhooks', description: 'Endpoints that receive the company\'s events, signed per Standard Webhooks (Enterprise)' },
  { name: 'credit-notes', description: 'Credit notes (Gutschriften) standalone or crediting an invoice, and their payouts' },
  { name: 'blog', description: 'The platform\'s own blog (keys of platform administrators only): posts with scheduled publishing, categories, tags, media. Its answers have no { data } envelope: lists under their own key, deletions { ok: true }' },
  { name: 'documents', description: 'Files the company keeps next to its records (contracts, delivery proofs, receipts): multipart and direct uploads, links, downloads' },
]
