import assert from 'node:assert/strict'
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { PDFDict, PDFDocument, PDFName, PDFArray, PDFRawStream, PDFRef, decodePDFRawStream } from 'pdf-lib'
import { loadFonts } from './fonts'
import { createPdfLibRenderer } from './pdf-lib-renderer'
import { documentFixture } from './test-support/documents'
import { readPdf } from './test-support/read-pdf'

const renderer = createPdfLibRenderer()

describe('PDF: what a reader sees', () => {
  it('a German invoice: title, number, recipient, every line, totals in German format, payment terms; one page, no page number', async () => {
    const { customer, issue, viewOf } = await documentFixture()
    const { id } = await customer({ name: 'Gasthaus Zur Krone', street: 'Schloßbergstraße 3', zipCode: '79100', city: 'Freiburg im Breisgau' })
    const invoice = await issue(id, {
      orderNumber: 'B-118',
      servicePeriodStart: '2026-10-01', servicePeriodEnd: '2026-10-31',
      headerText: 'Vielen Dank für Ihren Auftrag.',
      notes: 'INTERN: Kunde zahlt immer spät',
      footer: 'Mit freundlichen Grüßen',
      lines: [
        { description: 'Esstisch Eiche massiv\n220 × 100 cm, geölt', quantity: 1, unitPrice: '1037.44', unit: 'Stk.' },
        { description: 'Fachbuch', quantity: 2, unitPrice: '14.90', taxRate: 7, unit: 'Stk.' },
      ],
    })
    const pdf = await readPdf(await renderer.render(await viewOf(invoice)))
    assert.equal(pdf.pages.length, 1)
    const text = pdf.text
    for (const expected of [
      'Muster GmbH · Hauptstraße 5 · 10115 Berlin', 'Gasthaus Zur Krone', 'Schloßbergstraße 3', '79100 Freiburg im Breisgau',
      'Rechnung', 'Rechnungsnr. RE-2026-00001', 'Rechnungsdatum 20.11.2026', 'Leistungszeitraum 01.10.2026 – 31.10.2026',
      'Bestellnr. B-118', 'Fällig am 04.12.2026', 'Vielen Dank für Ihren Auftrag.',
      'Pos. Beschreibung Menge Einheit Einzelpreis USt. Betrag',
      '1 Esstisch Eiche massiv 1 Stk. 1.037,44 € 19 % 1.037,44 €', '220 × 100 cm, geölt',
      '2 Fachbuch 2 Stk. 14,90 € 7 % 29,80 €',
      'Nettobetrag 1.067,24 €', 'zzgl. 19 % USt. auf 1.037,44 € 197,11 €', 'zzgl. 7 % USt. auf 29,80 € 2,09 €', 'Gesamtbetrag 1.266,44 €',
      'Bitte überweisen Sie den Betrag von 1.266,44 € bis zum 04.12.2026', 'IBAN DE89 3704 0044 0532 0130 00',
      'Mit freundlichen Grüßen', 'USt-IdNr. DE123456789',
    ]) {
      assert.ok(text.includes(expected), `missing "${expected}" in:\n${text}`)
    }
    assert.ok(!text.includes('INTERN'), 'internal notes must never be printed')
    assert.ok(!text.includes('Seite'), 'a one-page document has no page number')
    assert.equal(pdf.info.Title, 'Rechnung RE-2026-00001')
    assert.equal(pdf.info.Language, 'de-DE')
  })

  it('an English invoice: English labels, €1,234.56 amounts, the reverse-charge note', async () => {
    const { customer, issue, viewOf } = await documentFixture()
    const { id } = await customer({ name: 'Ærøskøbing Møbler ApS', street: 'Vestergade 41', zipCode: '5970', city: 'Ærøskøbing', country: 'DK', vatId: 'DK12345678', defaultLocale: 'en' })
    const invoice = await issue(id, { invoiceDateIsServiceDate: true, lines: [{ description: 'Dining table', quantity: 1, unitPrice: '1234.56', unit: 'pc' }] })
    const text = (await readPdf(await renderer.render(await viewOf(invoice)))).text
    for (const expected of [
      'Invoice', 'Invoice no. RE-2026-00001', 'Invoice date 20 November 2026', 'Date of supply equals invoice date', 'Your VAT ID DK12345678',
      'DENMARK', 'No. Description Qty Unit Unit price Amount', '1 Dining table 1 pc €1,234.56 €1,234.56', 'Total €1,234.56',
      'Reverse charge: VAT is payable by the recipient (Art. 196 Council Directive 2006/112/EC).',
      'Please transfer €1,234.56 by 4 December 2026',
    ]) {
      assert.ok(text.includes(expected), `missing "${expected}" in:\n${text}`)
    }
  })

  it('legal notes for a small business and for OSS', async () => {
    const small = await documentFixture({ smallBusiness: true })
    const text = (await readPdf(await renderer.render(await small.viewOf(await small.issue((await small.customer()).id))))).text
    assert.ok(text.includes('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet (Kleinunternehmerregelung).'), text)
    assert.ok(!text.includes('zzgl.'), 'a small business shows no VAT lines')
    const oss = await documentFixture({ ossRegistered: true })
    const french = await oss.customer({ country: 'FR', city: 'Lyon', zipCode: '69001' })
    const ossText = (await readPdf(await renderer.render(await oss.viewOf(await oss.issue(french.id))))).text
    assert.ok(ossText.includes('Bestimmungslandes Frankreich'), ossText)
    assert.ok(ossText.includes('zzgl. 20 % USt. auf 200,00 € 40,00 €'), ossText)
  })

  it('a long invoice spans pages: "Seite x von y", the table header again on each page, every line printed once', async () => {
    const { customer, issue, viewOf } = await documentFixture()
    const lines = Array.from({ length: 45 }, (_, index) => ({
      description: `Position ${index + 1}: Wartung Anlage ${index + 1}${index % 5 === 0 ? '\nmit Prüfprotokoll und Dokumentation der Messwerte nach DIN VDE 0701-0702, Sichtprüfung, Schutzleiterprüfung und Isolationsmessung' : ''}`,
      quantity: 1, unitPrice: '10', unit: 'Std.',
    }))
    const pdf = await readPdf(await renderer.render(await viewOf(await issue((await customer()).id, { lines }))))
    const count = pdf.pages.length
    assert.ok(count >= 2, `expected more than one page, got ${count}`)
    pdf.pages.forEach((page, index) => {
      assert.ok(page.includes(`Seite ${index + 1} von ${count}`), `page ${index + 1} lacks its number`)
      assert.ok(page.some((line) => line.startsWith('Pos. Beschreibung')), `page ${index + 1} lacks the table header`)
    })
    for (let index = 1; index <= 45; index++) {
      assert.equal(pdf.pages.flat().filter((line) => line.startsWith(`${index} Position ${index}: `)).length, 1, `line ${index}`)
    }
    assert.ok(pdf.pages[0]!.includes('Seite 1 von 2') || count > 2)
    assert.ok(pdf.pages.at(-1)!.some((line) => line.startsWith('Gesamtbetrag 535,50 €')))
    assert.ok(pdf.pages[1]![0]!.startsWith('Rechnung RE-2026-00001'), 'continuation pages carry the document reference')
  })

  it('PAGEBREAK starts a new page; TEXT and SUBTOTAL rows print', async () => {
    const { customer, issue, viewOf } = await documentFixture()
    const invoice = await issue((await customer()).id, {
      lines: [
        { lineType: 'TEXT', description: 'Bauabschnitt 1' },
        { description: 'Rohbau', unitPrice: '1000' },
        { lineType: 'SUBTOTAL' },
        { lineType: 'PAGEBREAK' },
        { lineType: 'TEXT', description: 'Bauabschnitt 2' },
        { description: 'Ausbau', unitPrice: '234.56' },
        { lineType: 'SUBTOTAL', description: 'Summe beider Abschnitte' },
      ],
    })
    const pdf = await readPdf(await renderer.render(await viewOf(invoice)))
    assert.equal(pdf.pages.length, 2)
    assert.ok(pdf.pages[0]!.includes('Bauabschnitt 1'))
    assert.ok(pdf.pages[0]!.includes('Zwischensumme 1.000,00 €'))
    assert.ok(!pdf.pages[0]!.includes('Bauabschnitt 2'))
    assert.ok(pdf.pages[1]!.includes('Bauabschnitt 2'))
    assert.ok(pdf.pages[1]!.includes('Summe beider Abschnitte 1.234,56 €'))
    assert.ok(pdf.pages[1]!.some((line) => line.startsWith('Pos. Beschreibung')))
  })

  it('every character of German, French, Polish, Czech, Turkish and Scandinavian names prints and reads back', async () => {
    const names = ['Łódź Żółć', 'Příliš žluťoučký kůň', 'İstanbul Şişli Ğ ı', 'Ærøskøbing Åsa Øst', 'Œuvre ç ë', 'Größe Äpfel Übermaß', 'Ősz Tűz ș ț ā ė']
    const { customer, issue, viewOf } = await documentFixture()
    // Decomposed input (e + combining diaeresis …) prints as the composed letters.
    const { id } = await customer({ name: names[0]!.normalize('NFD'), street: names[1], city: names[2] })
    const invoice = await issue(id, { lines: names.map((name) => ({ description: name, unitPrice: '1' })) })
    const bytes = await renderer.render(await viewOf(invoice))
    const text = (await readPdf(bytes)).text
    for (const name of names) assert.ok(text.includes(name), `"${name}" does not read back from:\n${text}`)
    const fonts = await loadFonts()
    for (const char of new Set(names.join('').replace(/ /g, ''))) {
      assert.ok(fonts.regular.font.hasGlyphForCodePoint(char.codePointAt(0)!), `no glyph for ${char}`)
    }
    await assertFontsEmbedded(bytes)
  })

  it('prints a character the font lacks as U+FFFD, never as an empty box', async () => {
    const { customer, issue, viewOf } = await documentFixture()
    const invoice = await issue((await customer()).id, { lines: [{ description: 'Teekanne 急須 aus Tokio', unitPrice: '1' }] })
    const text = (await readPdf(await renderer.render(await viewOf(invoice)))).text
    assert.ok(text.includes('Teekanne \ufffd\ufffd aus Tokio'), text)
  })

  it('a cancellation names the cancelled invoice and shows negative amounts', async () => {
    const { customer, issue, viewOf, cancel } = await documentFixture()
    const invoice = await issue((await customer()).id, { lines: [{ description: 'Reparatur', quantity: 2, unitPrice: '617.28', unit: 'Std.' }] })
    const { creditNote, cancelled } = await cancel(invoice)
    const text = (await readPdf(await renderer.render(await viewOf(creditNote, cancelled)))).text
    for (const expected of [
      'Stornorechnung', 'zur Rechnung Nr. RE-2026-00001 vom 20.11.2026', 'Stornorechnungsnr. GS-2026-00001',
      '1 Reparatur -2 Std. 617,28 € 19 % -1.234,56 €', 'Gesamtbetrag -1.469,13 €',
      'Mit dieser Stornorechnung wird die Rechnung Nr. RE-2026-00001 vom 20.11.2026 vollständig storniert.',
    ]) {
      assert.ok(text.includes(expected), `missing "${expected}" in:\n${text}`)
    }
  })

  it('pre-printed paper: no letterhead and no company footer; a draft carries a watermark', async () => {
    const { customer, issue, viewOf } = await documentFixture()
    const plain = (await readPdf(await renderer.render(await viewOf(await issue((await customer()).id, { pdfWithoutLetterhead: true }))))).text
    assert.ok(!plain.includes('USt-IdNr. DE123456789'))
    assert.ok(!plain.includes('Commerzbank IBAN'))
    assert.ok(plain.includes('Muster GmbH · Hauptstraße 5 · 10115 Berlin'), 'the sender line stays')
    const draft = (await readPdf(await renderer.render(await viewOf(await issue((await customer()).id, {}, true))))).text
    assert.ok(draft.includes('ENTWURF'))
    assert.ok(draft.includes('Rechnungsnr. Entwurf'))
  })
})

const FACTUR_X_SAMPLE = fileURLToPath(new URL('../../../../shared/validators/samples/facturx/FeRD_BASIC_Taxi.xml', import.meta.url))
const VALIDATOR = fileURLToPath(new URL('../../../../shared/validators/validate-einvoice', import.meta.url))
const sampleXml = existsSync(FACTUR_X_SAMPLE)
  ? readFileSync(FACTUR_X_SAMPLE, 'utf8')
  : '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>\n'

describe('PDF: hybrid PDF/A-3 with Factur-X', () => {
  const hybrid = async () => {
    const { customer, issue, viewOf } = await documentFixture()
    const view = await viewOf(await issue((await customer()).id))
    return renderer.render(view, {
      attachment: {
        fileName: 'factur-x.xml', content: sampleXml, mimeType: 'text/xml', description: 'Factur-X/ZUGFeRD invoice',
        relationship: 'Alternative', facturX: { conformanceLevel: 'BASIC' },
      },
    })
  }

  it('carries factur-x.xml as an associated file, with PDF/A-3 and Factur-X metadata, an output intent and an ID', async () => {
    const bytes = await hybrid()
    const pdf = await readPdf(bytes)
    assert.deepEqual(Object.keys(pdf.attachments), ['factur-x.xml'])
    assert.equal(new TextDecoder().decode(pdf.attachments['factur-x.xml']), sampleXml)
    assert.ok(pdf.text.includes('Rechnung'))

    const document = await PDFDocument.load(bytes, { updateMetadata: false })
    const catalog = document.catalog
    const stream = (ref: unknown): PDFRawStream => {
      const object = document.context.lookup(ref as PDFRef)
      assert.ok(object instanceof PDFRawStream)
      return object
    }
    const af = catalog.lookup(PDFName.of('AF'), PDFArray)
    const fileSpec = document.context.lookup(af.get(0), PDFDict)
    assert.equal(fileSpec.get(PDFName.of('AFRelationship'))?.toString(), '/Alternative')
    const embedded = stream(fileSpec.lookup(PDFName.of('EF'), PDFDict).get(PDFName.of('F')))
    assert.equal(embedded.dict.get(PDFName.of('Subtype'))?.toString(), '/text#2Fxml')
    assert.ok(embedded.dict.lookup(PDFName.of('Params'), PDFDict).get(PDFName.of('ModDate')))

    const metadata = stream(catalog.get(PDFName.of('Metadata')))
    const xmp = new TextDecoder().decode(metadata.contents)
    for (const expected of [
      '<pdfaid:part>3</pdfaid:part>', '<pdfaid:conformance>B</pdfaid:conformance>', '<fx:DocumentType>INVOICE</fx:DocumentType>',
      '<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>', '<fx:Version>1.0</fx:Version>', '<fx:ConformanceLevel>BASIC</fx:ConformanceLevel>',
      '<pdfaSchema:prefix>fx</pdfaSchema:prefix>', 'Rechnung RE-2026-00001',
    ]) {
      assert.ok(xmp.includes(expected), `XMP lacks ${expected}`)
    }
    const intent = document.context.lookup(catalog.lookup(PDFName.of('OutputIntents'), PDFArray).get(0), PDFDict)
    assert.equal(intent.get(PDFName.of('S'))?.toString(), '/GTS_PDFA1')
    const profile = stream(intent.get(PDFName.of('DestOutputProfile')))
    const icc = decodePDFRawStream(profile).decode()
    assert.equal(new TextDecoder().decode(icc.slice(36, 40)), 'acsp')
    assert.ok(document.context.trailerInfo.ID, 'trailer /ID')
    await assertFontsEmbedded(bytes)
  })

  it('pdfdetach lists factur-x.xml (poppler-utils)', { skip: hasTool('pdfdetach') ? false : 'pdfdetach is not installed (apt-get install poppler-utils)' }, async () => {
    const file = tempFile('hybrid.pdf', await hybrid())
    try {
      const listing = execFileSync('pdfdetach', ['-list', file.path], { encoding: 'utf8' })
      assert.match(listing, /1 embedded files\n1: factur-x.xml/)
    } finally {
      file.remove()
    }
  })

  it('the e-invoice validator passes the hybrid (XML rules and PDF/A-3 / Factur-X checks)', {
    // In CI (INVOICING_REQUIRE_VALIDATORS=1) a missing validator fails instead of skipping.
    skip: (existsSync(VALIDATOR) && existsSync(FACTUR_X_SAMPLE)) || process.env.INVOICING_REQUIRE_VALIDATORS === '1'
      ? false : `skipped: ${VALIDATOR} is not there (a clone without ../shared)`,
    timeout: 180_000,
  }, async () => {
    const file = tempFile('factur-x-hybrid.pdf', await hybrid())
    try {
      const result = spawnSync(VALIDATOR, ['--json', file.path], { encoding: 'utf8' })
      assert.ok(result.status === 0 || result.status === 1, `validator failed to run (${result.status}): ${result.stderr}`)
      const report = JSON.parse(result.stdout) as { reports: { ok: boolean; stages: { name: string; issues: { severity: string; rule: string; text: string }[] }[] }[] }
      const issues = report.reports.flatMap((entry) => entry.stages.flatMap((stage) => stage.issues.map((issue) => `${issue.severity} ${issue.rule}: ${issue.text}`)))
      assert.equal(result.status, 0, issues.join('\n'))
      assert.deepEqual(issues.filter((issue) => issue.startsWith('error')), [])
    } finally {
      file.remove()
    }
  })
})

describe('PDF: concurrent renders', () => {
  it('renders documents concurrently without mixing them up', async () => {
    const { customer, issue, viewOf } = await documentFixture()
    const { id } = await customer()
    const views = await Promise.all(Array.from({ length: 6 }, async (_, index) => viewOf(await issue(id, { lines: [{ description: `Dokument ${index}`, unitPrice: String(index + 1) }] }))))
    const pdfs = await Promise.all(views.map((view) => renderer.render(view)))
    for (const [index, bytes] of pdfs.entries()) {
      const text = (await readPdf(bytes)).text
      assert.ok(text.includes(`1 Dokument ${index} 1 ${index + 1},00 €`), text)
      assert.ok(!text.includes(`Dokument ${(index + 1) % 6}`))
    }
  })
})

/** Every font of the document is embedded (a FontFile2 stream per descendant font). */
async function assertFontsEmbedded(bytes: Uint8Array): Promise<void> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false })
  let fonts = 0
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type'))?.toString() !== '/FontDescriptor') continue
    fonts += 1
    assert.ok(object.get(PDFName.of('FontFile2')) instanceof PDFRef, 'font file embedded')
  }
  assert.ok(fonts >= 1)
}

function hasTool(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0
}

function tempFile(name: string, bytes: Uint8Array): { path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'invoicing-pdf-'))
  const path = join(dir, name)
  writeFileSync(path, bytes)
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
