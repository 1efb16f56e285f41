/** Bytes of real files of each kind, small enough for tests, and multipart bodies that carry them. */

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

/** A one-page PDF (what content sniffing and a reader need: header, objects, trailer). */
export const PDF = Buffer.from([
  '%PDF-1.4', '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj', '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj', 'trailer << /Root 1 0 R >>', '%%EOF', '',
].join('\n'))

/** A multipart/form-data body as a browser or curl -F sends it: the fields, then the part `file`. */
export async function multipartBody(fields: Record<string, string>, file?: { bytes: Uint8Array; type: string; name: string }, fileField = 'file') {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (file) form.append(fileField, new Blob([file.bytes], { type: file.type }), file.name)
  const encoded = new Response(form)
  return { body: new Uint8Array(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } }
}
