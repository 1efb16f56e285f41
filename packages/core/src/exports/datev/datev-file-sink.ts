import { Deflate, Inflate, Zip, ZipDeflate } from 'fflate'

/*
 * Where the CSV files of one export go: one file is delivered as the CSV itself, two or more
 * as a zip of them. Which one is known only when a second file starts (or the first is the
 * last), so the first file is held deflated until then: a few megabytes for 99,999 bookings,
 * where the text would take fifty. From the second file on, the zip is produced as it is
 * written (fflate's streaming Zip), and the bytes leave through `take()`.
 */

export type DatevDelivery = { kind: 'csv'; fileName: string } | { kind: 'zip' }

export class DatevFileSink {
  private readonly output: Uint8Array[] = []
  private outputSize = 0
  /** The first file, deflated, until the delivery is known. */
  private held: { fileName: string; deflate: Deflate; chunks: Uint8Array[] } | null = null
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
      this.held = { fileName, chunks, deflate: new Deflate({ level: 1 }, (chunk) => { chunks.push(chunk) }) }
      return
    }
    if (this.zip === null) this.openZip()
    this.endEntry()
    this.entry = this.zipEntry(fileName)
  }

  write(bytes: Uint8Array): void {
    if (this.entry) this.entry.push(bytes)
    else if (this.held) this.held.deflate.push(bytes)
    else throw new Error('no DATEV file was started')
  }

  /** Ends the last file and yields what is left to deliver (a held single file chunk by chunk); returns the delivery. */
  * finish(): Generator<Uint8Array, DatevDelivery, undefined> {
    yield* this.take()
    if (this.zip === null) {
      const held = this.held
      if (!held) throw new Error('no DATEV file was started')
      this.held = null
      const inflated: Uint8Array[] = []
      for (const _ of this.release(held, (bytes) => inflated.push(bytes))) yield* inflated.splice(0)
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

  /** The second file starts: the held first file becomes the zip's first entry. */
  private openZip(): void {
    this.zip = new Zip((error, chunk) => {
      if (error) throw error
      this.emit(chunk)
    })
    const held = this.held!
    this.held = null
    const first = this.zipEntry(held.fileName)
    for (const _ of this.release(held, (bytes) => first.push(bytes)));
    this.entry = first
  }

  private zipEntry(fileName: string): ZipDeflate {
    const entry = new ZipDeflate(fileName, { level: 6 })
    entry.mtime = this.mtime
    this.zip!.add(entry)
    return entry
  }

  private endEntry(): void {
    this.entry?.push(new Uint8Array(0), true)
    this.entry = null
  }

  /** The held file's text, inflated into `to` one deflated chunk per step (the caller passes the bytes on between steps). */
  private * release(held: NonNullable<DatevFileSink['held']>, to: (bytes: Uint8Array) => void): Generator<void> {
    held.deflate.push(new Uint8Array(0), true)
    const inflate = new Inflate((bytes) => to(bytes))
    const chunks = held.chunks.splice(0)
    for (let index = 0; index < chunks.length; index += 1) {
      inflate.push(chunks[index]!, index === chunks.length - 1)
      chunks[index] = new Uint8Array(0)
      yield
    }
  }

  private emit(bytes: Uint8Array): void {
    if (bytes.length === 0) return
    this.output.push(bytes)
    this.outputSize += bytes.length
  }
}
