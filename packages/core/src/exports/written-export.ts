import type { ExportFileDescription, ExportWriting } from './export-policy'

/** A whole export file in memory, as a writer produced it: for tests and small files. */
export interface WrittenExport extends ExportFileDescription {
  content: Uint8Array
}

/** Reads a writer to its end and keeps its bytes. */
export async function writtenExport(writing: ExportWriting): Promise<WrittenExport> {
  const chunks: Uint8Array[] = []
  for (;;) {
    const next = await writing.next()
    if (next.done) return { ...next.value, content: concatBytes(chunks) }
    chunks.push(next.value)
  }
}

export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  const content = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0))
  let offset = 0
  for (const chunk of chunks) {
    content.set(chunk, offset)
    offset += chunk.length
  }
  return content
}
