import type { PdfAttachment } from '@invoicing/core'
import { randomBytes } from 'node:crypto'
import { PDFHexString, PDFName, PDFString, type PDFDocument, type PDFRef } from 'pdf-lib'
import { SRGB_PROFILE_NAME, srgbIccProfile } from './srgb-icc'

/** What the Info dictionary says; the XMP metadata must say the same for PDF/A. */
export interface DocumentInfo {
  title: string
  author: string
  subject: string
  keywords: string[]
  creator: string
  producer: string
  /** Creation and modification time, whole seconds. */
  date: Date
}

const FACTUR_X_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#'

/** Sets the Info dictionary. Every PDF of the renderer gets it; PDF/A needs it to match the XMP. */
export function setDocumentInfo(document: PDFDocument, info: DocumentInfo): void {
  document.setTitle(info.title, { showInWindowTitleBar: true })
  document.setAuthor(info.author)
  document.setSubject(info.subject)
  document.setKeywords(info.keywords)
  document.setCreator(info.creator)
  document.setProducer(info.producer)
  document.setCreationDate(info.date)
  document.setModificationDate(info.date)
}

/**
 * Makes `document` a PDF/A-3b file that carries `attachment` as an associated file: the file
 * spec in the catalog's `/AF` array and its EmbeddedFiles name tree, with `/AFRelationship`;
 * XMP metadata (PDF/A identification, Dublin Core matching the Info dictionary, and the
 * Factur-X extension schema when `attachment.facturX` is set); an sRGB output intent; and a
 * document ID in the trailer. The fonts are embedded by the renderer, which draws no
 * transparency, so the rest of PDF/A-3b holds by construction.
 */
export function embedAssociatedFile(document: PDFDocument, attachment: PdfAttachment, info: DocumentInfo): void {
  const { context, catalog } = document
  const content = typeof attachment.content === 'string' ? new TextEncoder().encode(attachment.content) : attachment.content

  const fileStream = context.register(context.flateStream(content, {
    Type: 'EmbeddedFile',
    Subtype: attachment.mimeType,
    Params: { Size: content.length, CreationDate: PDFString.fromDate(info.date), ModDate: PDFString.fromDate(info.date) },
  }))
  const fileSpec = context.register(context.obj({
    Type: 'Filespec',
    F: PDFString.of(attachment.fileName),
    UF: PDFHexString.fromText(attachment.fileName),
    EF: { F: fileStream, UF: fileStream },
    Desc: PDFHexString.fromText(attachment.description ?? attachment.fileName),
    AFRelationship: attachment.relationship,
  }))
  catalog.set(PDFName.of('AF'), context.obj([fileSpec]))
  catalog.set(PDFName.of('Names'), context.obj({ EmbeddedFiles: { Names: [PDFHexString.fromText(attachment.fileName), fileSpec] } }))

  const id = randomBytes(16)
  context.trailerInfo.ID = context.obj([PDFHexString.of(id.toString('hex')), PDFHexString.of(id.toString('hex'))])
  catalog.set(PDFName.of('Metadata'), metadataStream(document, xmp(info, attachment, uuidOf(id))))
  catalog.set(PDFName.of('OutputIntents'), context.obj([outputIntent(document)]))
}

function metadataStream(document: PDFDocument, xml: string): PDFRef {
  // Uncompressed, so tools that look for XMP packets find it (and PDF/A-1 readers accept it).
  return document.context.register(document.context.stream(new TextEncoder().encode(xml), { Type: 'Metadata', Subtype: 'XML' }))
}

function outputIntent(document: PDFDocument): PDFRef {
  const { context } = document
  const profile = context.register(context.flateStream(srgbIccProfile(), { N: 3 }))
  return context.register(context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of(SRGB_PROFILE_NAME),
    RegistryName: PDFString.of('http://www.color.org'),
    Info: PDFString.of(SRGB_PROFILE_NAME),
    DestOutputProfile: profile,
  }))
}

const uuidOf = (bytes: Buffer): string => {
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** `2026-03-16T09:00:00Z`: the XMP form of the Info dictionary's `D:20260316090000Z`. */
const xmpDate = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z')

/** The XMP packet: PDF/A-3B identification, the document properties, and the Factur-X extension. */
export function xmp(info: DocumentInfo, attachment: PdfAttachment | null, uuid: string): string {
  const date = xmpDate(info.date)
  const facturX = attachment?.facturX
  const facturXSchema = facturX
    ? `
  <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
   <pdfaExtension:schemas>
    <rdf:Bag>
     <rdf:li rdf:parseType="Resource">
      <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
      <pdfaSchema:namespaceURI>${FACTUR_X_NAMESPACE}</pdfaSchema:namespaceURI>
      <pdfaSchema:prefix>fx</pdfaSchema:prefix>
      <pdfaSchema:property>
       <rdf:Seq>
${[
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
].map(([name, description]) => `        <rdf:li rdf:parseType="Resource">
         <pdfaProperty:name>${name}</pdfaProperty:name>
         <pdfaProperty:valueType>Text</pdfaProperty:valueType>
         <pdfaProperty:category>external</pdfaProperty:category>
         <pdfaProperty:description>${description}</pdfaProperty:description>
        </rdf:li>`).join('\n')}
       </rdf:Seq>
      </pdfaSchema:property>
     </rdf:li>
    </rdf:Bag>
   </pdfaExtension:schemas>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:fx="${FACTUR_X_NAMESPACE}">
   <fx:DocumentType>INVOICE</fx:DocumentType>
   <fx:DocumentFileName>${escapeXml(attachment.fileName)}</fx:DocumentFileName>
   <fx:Version>1.0</fx:Version>
   <fx:ConformanceLevel>${escapeXml(facturX.conformanceLevel)}</fx:ConformanceLevel>
  </rdf:Description>`
    : ''
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
   <pdfaid:part>3</pdfaid:part>
   <pdfaid:conformance>B</pdfaid:conformance>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(info.title)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>${escapeXml(info.author)}</rdf:li></rdf:Seq></dc:creator>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(info.subject)}</rdf:li></rdf:Alt></dc:description>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
   <pdf:Producer>${escapeXml(info.producer)}</pdf:Producer>
   <pdf:Keywords>${escapeXml(info.keywords.join(' '))}</pdf:Keywords>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
   <xmp:CreatorTool>${escapeXml(info.creator)}</xmp:CreatorTool>
   <xmp:CreateDate>${date}</xmp:CreateDate>
   <xmp:ModifyDate>${date}</xmp:ModifyDate>
   <xmp:MetadataDate>${date}</xmp:MetadataDate>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
   <xmpMM:DocumentID>uuid:${uuid}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:${uuid}</xmpMM:InstanceID>
  </rdf:Description>${facturXSchema}
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`
}
