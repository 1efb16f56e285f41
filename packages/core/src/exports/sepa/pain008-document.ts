import { create } from 'xmlbuilder2'
import type { PainVersion } from '../../companies'
import type { SepaMandateType } from '../../customers'
import { Exact, formatMoney } from '../../tax'
import type { SequenceType } from './mandates'
import type { SepaCreditor, SepaTransaction } from './sepa-transactions'
import { sepaText } from './sepa-text'

type Node = ReturnType<typeof create>

/** One `PmtInf` block: the transactions of one scheme and sequence type. */
export interface PaymentInformation {
  id: string
  localInstrument: SepaMandateType
  sequenceType: SequenceType
  transactions: SepaTransaction[]
  /** Of the block's amounts, two decimals. */
  sum: string
}

export interface Pain008Message {
  painVersion: PainVersion
  messageId: string
  createdAt: Date
  collectionDate: string
  batchBooking: boolean
  transliterate: boolean
  creditor: SepaCreditor
  paymentInformations: PaymentInformation[]
}

/** The blocks in the order banks expect them: CORE before B2B, first collections before recurring before one-off ones. */
const BLOCK_ORDER: readonly (readonly [SepaMandateType, SequenceType])[] = [
  ['CORE', 'FRST'], ['CORE', 'RCUR'], ['CORE', 'OOFF'], ['B2B', 'FRST'], ['B2B', 'RCUR'], ['B2B', 'OOFF'],
]

/** Code-unit order of the invoice numbers: the same on every machine. */
const byNumber = (a: SepaTransaction, b: SepaTransaction): number =>
  a.invoice.number < b.invoice.number ? -1 : a.invoice.number > b.invoice.number ? 1 : a.invoice.id < b.invoice.id ? -1 : 1

/** The sum of the amounts, two decimals: `CtrlSum`. */
export const sumOf = (transactions: readonly SepaTransaction[]): string =>
  formatMoney(transactions.reduce((total, transaction) => total.plus(transaction.amount), new Exact(0)))

/** The transactions grouped into `PmtInf` blocks `{messageId}-1`, `-2`, … in block order, each sorted by invoice number. */
export function paymentInformationsOf(messageId: string, transactions: readonly SepaTransaction[]): PaymentInformation[] {
  return BLOCK_ORDER
    .map(([localInstrument, sequenceType]) => ({
      localInstrument, sequenceType,
      transactions: transactions.filter((each) => each.localInstrument === localInstrument && each.sequenceType === sequenceType).sort(byNumber),
    }))
    .filter((block) => block.transactions.length > 0)
    .map((block, index) => ({ id: `${messageId}-${index + 1}`, ...block, sum: sumOf(block.transactions) }))
}

/** `2026-03-02T09:00:00Z`: ISO 8601 in UTC, whole seconds. */
const creationTime = (instant: Date): string => `${instant.toISOString().slice(0, 19)}Z`

/**
 * The pain.008 XML (UTF-8, with declaration) of a direct-debit message, in `.08` (ISO 2019) or
 * `.02` (ISO 2009). Pure: the same message gives the same bytes. Names are cut to 70 characters,
 * texts reduced to the EPC basic set when `transliterate`.
 */
export function pain008Xml(message: Pain008Message): string {
  const { painVersion, transliterate, creditor } = message
  const v08 = painVersion === 'pain.008.001.08'
  const text = (value: string, max: number) => sepaText(value, { transliterate, max })
  const ns = `urn:iso:std:iso:20022:tech:xsd:${painVersion}`
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(ns, 'Document')
  const el = (parent: Node, name: string, value?: string): Node => {
    const node = parent.ele(name)
    if (value !== undefined) node.txt(value)
    return node
  }
  const agent = (parent: Node, bic: string | null) => {
    const institution = el(parent, 'FinInstnId')
    if (bic) el(institution, v08 ? 'BICFI' : 'BIC', bic)
    else el(el(institution, 'Othr'), 'Id', 'NOTPROVIDED')
  }
  const address = (parent: Node, { street, zipCode, city, country }: { street: string | null; zipCode: string | null; city: string | null; country: string }) => {
    const postal = el(parent, 'PstlAdr')
    const streetText = street ? text(street, 70) : ''
    const zipText = zipCode ? text(zipCode, 16) : ''
    const cityText = city ? text(city, 35) : ''
    if (v08) {
      if (streetText) el(postal, 'StrtNm', streetText)
      if (zipText) el(postal, 'PstCd', zipText)
      if (cityText) el(postal, 'TwnNm', cityText)
      el(postal, 'Ctry', country)
    } else {
      el(postal, 'Ctry', country)
      if (streetText) el(postal, 'AdrLine', streetText)
      const town = text([zipCode, city].filter(Boolean).join(' '), 70)
      if (town) el(postal, 'AdrLine', town)
    }
  }

  const initiation = el(root, 'CstmrDrctDbtInitn')
  const transactions = message.paymentInformations.flatMap((block) => block.transactions)
  const header = el(initiation, 'GrpHdr')
  el(header, 'MsgId', message.messageId)
  el(header, 'CreDtTm', creationTime(message.createdAt))
  el(header, 'NbOfTxs', String(transactions.length))
  el(header, 'CtrlSum', sumOf(transactions))
  el(el(header, 'InitgPty'), 'Nm', text(creditor.name, 70))

  for (const block of message.paymentInformations) {
    const payment = el(initiation, 'PmtInf')
    el(payment, 'PmtInfId', block.id)
    el(payment, 'PmtMtd', 'DD')
    el(payment, 'BtchBookg', String(message.batchBooking))
    el(payment, 'NbOfTxs', String(block.transactions.length))
    el(payment, 'CtrlSum', block.sum)
    const type = el(payment, 'PmtTpInf')
    el(el(type, 'SvcLvl'), 'Cd', 'SEPA')
    el(el(type, 'LclInstrm'), 'Cd', block.localInstrument)
    el(type, 'SeqTp', block.sequenceType)
    el(payment, 'ReqdColltnDt', message.collectionDate)
    const creditorNode = el(payment, 'Cdtr')
    el(creditorNode, 'Nm', text(creditor.name, 70))
    address(creditorNode, creditor)
    el(el(el(payment, 'CdtrAcct'), 'Id'), 'IBAN', creditor.iban)
    agent(el(payment, 'CdtrAgt'), creditor.bic)
    el(payment, 'ChrgBr', 'SLEV')
    const scheme = el(el(el(el(payment, 'CdtrSchmeId'), 'Id'), 'PrvtId'), 'Othr')
    el(scheme, 'Id', creditor.creditorId)
    el(el(scheme, 'SchmeNm'), 'Prtry', 'SEPA')

    for (const transaction of block.transactions) {
      const node = el(payment, 'DrctDbtTxInf')
      el(el(node, 'PmtId'), 'EndToEndId', transaction.endToEndId)
      el(node, 'InstdAmt', transaction.amount).att('Ccy', 'EUR')
      const mandate = el(el(node, 'DrctDbtTx'), 'MndtRltdInf')
      el(mandate, 'MndtId', transaction.mandateId)
      el(mandate, 'DtOfSgntr', transaction.mandateDate)
      el(mandate, 'AmdmntInd', 'false')
      agent(el(node, 'DbtrAgt'), transaction.bic)
      const debtor = el(node, 'Dbtr')
      el(debtor, 'Nm', text(transaction.customer.name, 70))
      address(debtor, transaction.customer)
      el(el(el(node, 'DbtrAcct'), 'Id'), 'IBAN', transaction.iban)
      el(el(node, 'RmtInf'), 'Ustrd', transaction.remittanceInformation)
    }
  }
  return root.end({ prettyPrint: true })
}
