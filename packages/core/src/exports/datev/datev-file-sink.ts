import { Gunzip, Gzip, Zip, ZipDeflate, type ZipInputFile } from 'fflate'
import { concatBytes } from '../written-export'

/*
 * Where the CSV files of one export go: one file is delivered as the CSV itself, two or more
 * as a zip of them. Which one is known only when a second file starts (or the first is the
 * last), so the first file is held compressed until then: a few megabytes for 99,999
 * bookings, where the text would take fifty. It is held as gzip, whose trailer carries the
 * CRC-32 and size a zip entry needs: when a second file starts, the held deflate data becomes
 * the zip's first entry as it is, without compressing it again; when the first file is the
 * only one, it is inflated back into the CSV. From the second file on, the zip is produced as
 * it is written (fflate's streaming Zip), and the bytes leave through `take()`.
 */

export type DatevDelivery = { kind: 'csv'; fileName: string } | { kind: 'zip' }

/** Deflate effort: the files are highly repetitive text, so the fast level already shrinks them about twentyfold. */
const LEVEL = 1
/** fflate's gzip header without a file name, and the trailer (CRC-32, size). */
const GZIP_HEADER = 10
const GZIP_TRAILER = 8

export class DatevFileSink {
  private readonly output: Uint8Array[] = []
  private outputSize = 0
  /** The first file, gzipped, until the delivery is known. */
  private held: { fileName: string; gzip: Gzip; chunks: Uint8Array[] } | null = null
  private zip: Zip | null = null
  private entry: ZipDeflate | null = null
  private files = 0

  /** `mtime` of the zip entries: the export's time, so the same export gives the same bytes. */
  constructor(private readonly mtime: Date) {}

  /** Bytes waiting to leave. */
  get pendingSize(): number {
    return this.outputSize
  }

  startFile(fileName: string): void {
    this.files += 1
    if (this.files === 1) {
      const chunks: Uint8Array[] = []
      this.held = { fileName, chunks, gzip: new Gzip({ level: LEVEL, mtime: 0 }, (chunk) => { chunks.push(chunk) }) }
      return
    }
    if (this.zip === null) this.openZip()
    this.endEntry()
    const entry = new ZipDeflate(fileName, { level: LEVEL })
    entry.mtime = this.mtime
    this.zip!.add(entry)
    this.entry = entry
  }

  write(bytes: Uint8Array): void {
    if (this.entry) this.entry.push(bytes)
    else if (this.held) this.held.gzip.push(bytes)
    else throw new Error('no DATEV file was started')
  }

  /** Ends the last file and yields what is left to deliver (a held single file chunk by chunk); returns the delivery. */
  * finish(): Generator<Uint8Array, DatevDelivery, undefined> {
    yield* this.take()
    if (this.zip === null) {
      const held = this.held
      if (!held) throw new Error('no DATEV file was started')
      this.held = null
      held.gzip.push(new Uint8Array(0), true)
      const inflated: Uint8Array[] = []
      const gunzip = new Gunzip((bytes) => { inflated.push(bytes) })
      const chunks = held.chunks.splice(0)
      for (let index = 0; index < chunks.length; index += 1) {
        gunzip.push(chunks[index]!, index === chunks.length - 1)
        chunks[index] = new Uint8Array(0)
        yield* inflated.splice(0)
      }
      return { kind: 'csv', fileName: held.fileName }
    }
    this.endEntry()
    this.zip.end()
    yield* this.take()
    return { kind: 'zip' }
  }

  /** The bytes produced so far, in order. */
  take(): Uint8Array[] {
    const chunks = this.output.splice(0)
    this.outputSize = 0
    return chunks
  }

  /** The second file starts: the held first file's deflate data becomes the zip's first entry. */
  private openZip(): void {
    this.zip = new Zip((error, chunk) => {
      if (error) throw error
      this.emit(chunk)
    })
    const held = this.held!
    this.held = null
    held.gzip.push(new Uint8Array(0), true)
    const gzipped = concatBytes(held.chunks.splice(0))
    const trailer = new DataView(gzipped.buffer, gzipped.byteOffset + gzipped.length - GZIP_TRAILER, GZIP_TRAILER)
    const first: ZipInputFile = {
      filename: held.fileName, compression: 8, flag: 0, mtime: this.mtime,
      crc: trailer.getUint32(0, true), size: trailer.getUint32(4, true),
    }
    this.zip.add(first)
    first.ondata!(null, gzipped.subarray(GZIP_HEADER, gzipped.length - GZIP_TRAILER) as Uint8Array<ArrayBuffer>, true)
  }

  private endEntry(): void {
    this.entry?.push(new Uint8Array(0), true)
    this.entry = null
  }

  private emit(bytes: Uint8Array): void {
    if (bytes.length === 0) return
    this.output.push(bytes)
    this.outputSize += bytes.length
  }
}
