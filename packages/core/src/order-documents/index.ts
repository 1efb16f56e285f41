/** Quotes, order confirmations, delivery notes and orders: the order process before the invoice, and conversions down to it. Other features import from here, not from the files inside. */
export * from './order-document'
export { createConversionService, type ConversionResult } from './conversion-service'
export { descendantsOf, documentOf, rootOf } from './document-chain'
export { settleFulfilment } from './fulfilment-settlement'
export { orderDocumentData } from './order-document-events'
export { requireOrderDocument, type OrderDocumentDetail } from './order-document-parts'
export {
  CollectiveInvoiceSchema, ConvertRequestSchema, createSchemaOf, listQuerySchemaOf, updateSchemaOf,
  type CollectiveInvoiceRequest, type ConvertRequest, type OrderDocumentFields,
} from './order-document-schemas'
export { createOrderDocumentService, OrderDuplicateSchema, type OrderDocumentService, type OrderDuplicateRequest } from './order-document-service'
export { createOrderDocumentSending, type OrderDocumentSendResult } from './order-document-sending'
export { createQuoteExpiry } from './quote-expiry'
export { createDocumentChain, type DocumentChain } from './related-documents'
