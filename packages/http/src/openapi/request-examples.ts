/**
 * An example body for every operation that takes one, by operationId: the document shows it
 * with the request schema and in the operation's curl sample. Ids in bodies are placeholders.
 */
export const REQUEST_EXAMPLES: Readonly<Record<string, unknown>> = {
  createCustomer: { name: 'Ärztehaus Übersee', email: 'buchhaltung@aerztehaus.example', street: 'Seestraße 4', zipCode: '6020', city: 'Innsbruck', country: 'AT', vatId: 'ATU12345678' },
  updateCustomer: { email: 'rechnungen@aerztehaus.example', paymentTermDays: 30 },
  createProduct: { name: 'Wartung', unitPrice: '89.90', unit: 'h', taxRate: 19, lineType: 'SERVICE' },
  updateProduct: { unitPrice: '94.50' },
  createInvoice: {
    customerId: 'cus_123', servicePeriodStart: '2026-11-01', servicePeriodEnd: '2026-11-30',
    lines: [{ description: 'Wartung', quantity: '2.5', unit: 'h', unitPrice: '89.90' }, { description: 'Anfahrt', unitPrice: '35' }],
  },
  updateInvoice: { status: 'SENT' },
  sendInvoice: { recipientEmail: 'buchhaltung@aerztehaus.example', cc: ['einkauf@aerztehaus.example'] },
  correctInvoice: { changeReason: 'Wrong service period', servicePeriodStart: '2026-10-01', servicePeriodEnd: '2026-10-31' },
  cancelInvoice: { createStorno: true, sendStornoToCustomer: false },
  createStorno: { sendToCustomer: false },
  duplicateInvoice: { adjustDates: true },
  recordPayment: { amount: '259.75', paymentDate: '2026-12-03', paymentMethod: 'BANK_TRANSFER', reference: 'RE-2026-00001' },
  updatePayment: { reference: 'SEPA 2026-12-03 RE-2026-00001' },
  dunningAction: { action: 'send', includeInterest: true },
  createCreditNote: { recipientId: 'cus_123', reason: 'GOODWILL', lines: [{ description: 'Goodwill for the delay', unitPrice: '50' }] },
  updateCreditNote: { notes: 'Thank you for your patience.' },
  sendCreditNote: { recipientEmail: 'buchhaltung@aerztehaus.example' },
  changeCreditNotePayout: { status: 'APPROVED', note: 'Approved by accounting' },
  executeCreditNote: { reference: 'SEPA 2026-12-05' },
  createWebhook: { url: 'https://shop.example/hooks/invoicing', events: ['invoice.sent', 'invoice.paid'], description: 'Shop' },
  updateWebhook: { active: false },
  createDocumentCategory: { name: 'Consulting' },
}
