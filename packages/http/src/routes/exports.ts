import { EXPORT_POLICIES, ExportListQuerySchema, VoidExportSchema, type BuiltExportType, type ExportPolicy, type Invoicing } from '@invoicing/core'
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
  USTVA: {
    operationId: 'createUstvaExport', summary: 'Make the UStVA figures (German VAT advance return) of a month or quarter',
    description: [
      'The Kennzahlen of the UStVA for year and period (01–12 a month, 41–44 a quarter; no from/to), as a JSON report (application/json)',
      'or the excel-de CSV (format csv; UTF-8 with BOM, ";", decimal comma, one row per Kennzahl with a value, then Kz 66 and 83),',
      'file UStVA_{year}_{period}.json|csv. The figures are to be entered in Mein ELSTER or tax software; nothing is transmitted to ELSTER.',
      'Kz 81/86/87/35(36) from domestic sales by rate, 41 intra-Community supplies, 43 export deliveries, 48 other exemptions (43 with',
      'vatReturn.otherExemptionKz 43), 21 EU reverse charge, 45 third country, 60 § 13b; OSS, internal supplies and small-business',
      'documents are listed under excluded; Kennzahlen the service has no data for under notCovered. base is exact (credit notes',
      'negative), baseWholeEuros truncated toward zero, taxAtStatutoryRate = whole euros × 19/7/0 %; inputTax (Kz 66) enables',
      'kz83 = taxAtStatutoryRate of 81/86/87 + Kz 36 − Kz 66. basis ACCRUAL (default vatReturn.basis): a document belongs to the period',
      'of its servicePeriodEnd, else its issueDate; intra-Community supplies and credit notes (cancellations too) by issueDate. To find',
      'documents issued outside the period whose service ended in it, documents issued from 12 months before the period to 6 months',
      'after it are read (§ 14 Abs. 2 UStG: an invoice within six months of the supply); a document issued outside that window is not',
      'found. basis CASH: each payment of the period adds payment × group gross / document gross per tax group; intra-Community and EU',
      'reverse-charge groups stay on the accrual rule; credit notes by issueDate (warning cash_basis_credit_note). All problems at once in',
      '400 export_invalid: country_not_supported (company country not DE), small_business (company smallBusiness), currency_not_supported',
      '(a non-EUR document); warnings in summary.warnings (cash_basis_credit_note, vat_id_missing). The summary is the report without',
      'documents. includeDocuments (default true) lists each document\'s contribution per Kennzahl in the JSON file. onlyNotExported leaves',
      'out documents of a non-voided UStVA export (summary.previouslyExported); on the CASH basis it is refused (400 validation_failed).',
    ].join(' '),
  },
  BMD: {
    operationId: 'createBmdExport', summary: 'Export bookings for BMD NTCS (Import Buchungen)',
    description: [
      'One booking per tax group (tax case and rate) of each issued invoice and credit note (cancellations included; drafts and proformas',
      'never) with issueDate in from..to (both required; at most 731 days, else 400 period_too_long), by issueDate, number, rate descending.',
      'File BMD_Buchungen_{YYYYMMDD from}_{YYYYMMDD to}.csv, text/csv; charset=windows-1252 (no BOM; characters it lacks become ? with',
      'warning characters_replaced), ";", CRLF, a header row with the 15 columns satzart;konto;gkonto;belegnr;belegdatum;buchdatum;buchsymbol;',
      'buchcode;prozent;steuercode;betrag;steuer;text;extbelegnr;zziel; a field is quoted only when it holds ; or ". betrag is the gross',
      '(credit notes negative), steuer the tax with the opposite sign; text is the customer name and the number, at most 60 characters',
      '(warning text_truncated). Two documents with one belegnr and posting symbol (DIGITS_ONLY makes 202600001 of RE-2026-00001 and',
      'GS-2026-00001) → warning document_number_collision. documentTypes: INVOICE, CREDIT_NOTE (default both). defaultDebtorAccount, revenueAccounts, taxCodes,',
      'postingSymbols and documentNumberMode override the company\'s bmd settings for this request (null: the default). Problems, all',
      'reported in one 400 export_invalid: debtor_account_missing (a customer without ledgerAccount and no defaultDebtorAccount),',
      'bmd_tax_code_missing (a tax case without Steuercode; only DOMESTIC_STANDARD and DOMESTIC_REDUCED have a default), currency_not_supported',
      '(not EUR; with skipUnsupported listed in summary.skipped instead). Summary { rows, documents, skipped, warnings } (+ previouslyExported',
      'with onlyNotExported). More than 100,000 documents → 400 export_too_large.',
    ].join(' '),
  },
  SEPA_DIRECT_DEBIT: {
    operationId: 'createSepaDirectDebitExport', summary: 'Export a SEPA direct-debit file (pain.008)',
    description: [
      'A pain.008.001.08 (default: the company\'s sepa.painVersion) or pain.008.001.02 file collecting the amountDue of 1–1,000 invoices',
      '(invoiceIds, each once, else 400 duplicate_invoice) on collectionDate: a TARGET2 business day (not Sat/Sun, 1 Jan, Good Friday, Easter',
      'Monday, 1 May, 25/26 Dec) at least one business day after today in the company time zone, else 400 invalid_collection_date; fewer',
      'than 2 business days → warning short_lead_time. An invoice in a non-voided SEPA export → 409 already_collected with invoiceIds',
      '(allowRepeat: true collects it again). Problems (400 export_invalid, all at once, nothing stored): creditor_id_invalid,',
      'company_iban_missing, iban_invalid, bic_invalid (company); per invoice invoice_not_found (field invoiceIds[i]), not_collectable_type,',
      'invoice_status (FINAL, SENT, OVERDUE), currency_not_eur, nothing_due, iban_missing, iban_invalid, bic_invalid, mandate_missing,',
      'mandate_invalid, mandate_expired (36 months unused), remittance_information_too_long (Ustrd over 140 after expansion).',
      'One PmtInf per scheme (customer sepaMandateType) and sequence type (ONE_OFF → OOFF; RECURRING → RCUR, or FRST for a mandate never',
      'used when sepa.useFirstSequenceType). Each collected customer\'s sepaMandateLastUsedAt becomes collectionDate; voiding the export',
      'restores the previous values (summary.previousMandateUses). No payment is recorded.',
    ].join(' '),
    errors: [409],
  },
  DATEV: {
    operationId: 'createDatevExport', summary: 'Export bookings as a DATEV Buchungsstapel (EXTF 700/21/13)',
    description: [
      'One booking per tax case and rate of every issued invoice and credit note (cancellations included; no drafts or proformas) with',
      'issueDate in from..to (at most 731 days, else 400 period_too_long), and with includePayments one per payment dated in the period.',
      'Documents and payments booked are marked with the export (documentCount counts both): onlyNotExported books neither twice.',
      'Windows-1252 without BOM, ";", CRLF; header line of 31 fields, line 2 the 125 column names of DATEV\'s format. Amounts without sign,',
      'direction S/H by the sign of the group; Konto the customer\'s ledgerAccount else datev.defaultDebtorAccount (accountLength + 1 digits),',
      'Gegenkonto the revenue account of the tax case (SKR03/SKR04 automatic accounts unless datev.revenueAccounts says otherwise).',
      'One file per fiscal year (fiscalYearStartMonth), at most 99,999 bookings each, named EXTF_Buchungsstapel_{YYYYMMDD}_{YYYYMMDD}.csv;',
      'one file is delivered as text/csv; charset=windows-1252, two or more as DATEV_{from}_{to}.zip (application/zip).',
      'consultantNumber, clientNumber, chartOfAccounts, accountLength, fiscalYearStartMonth and lockBookings override the company\'s',
      'datev settings for this request. Problems, all reported in one 400 export_invalid: datev_settings_missing, account_missing,',
      'invalid_debtor_account, vat_id_missing, currency_not_supported (non-EUR; with skipUnsupported listed in summary.skipped instead).',
      'Warnings in summary.warnings: characters_replaced, document_number_sanitized, text_truncated, vat_id_missing (reverse charge without',
      'VAT id), bu_key_ignored. More than 100,000 documents → 400 export_too_large.',
    ].join(' '),
  },
} as const satisfies Record<BuiltExportType, { operationId: string; summary: string; description: string; errors?: readonly number[] }>

const createRoutes = ({ exports }: Invoicing): Route[] => (Object.keys(EXPORT_POLICIES) as BuiltExportType[]).map((type) => defineRoute({
  method: 'post', path: `/exports/${EXPORT_POLICIES[type].path}`, tag, ...CREATE_DOCS[type] as { operationId: string; summary: string; description: string; errors?: readonly number[] },
  scopes: ['exports:write'],
  // Each type's own body; the route reads it as unknown and the type's policy parses it.
  body: (EXPORT_POLICIES[type] as ExportPolicy<unknown, never>).schema,
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
