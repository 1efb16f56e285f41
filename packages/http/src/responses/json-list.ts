import { Readable } from 'node:stream'

/** Lists up to about this many characters of JSON are sent whole, with a Content-Length. */
const WHOLE_BODY_CHARS = 256 * 1024
/** A larger list goes out in pieces of about this size, each made as the client takes the last. */
const CHUNK_CHARS = 64 * 1024

/**
 * A list answer `{ data: [...], pagination }` that is serialised item by item. A small list
 * becomes one string; a large one (100 documents of 1,000 lines are tens of MB) a stream that
 * shapes and serialises the next items only when the socket has taken the previous ones, so
 * neither all shaped items nor the whole JSON text exist at once.
 */
export class JsonList<T = unknown> {
  constructor(
    private readonly items: readonly T[],
    private readonly shape: (item: T) => unknown,
    private readonly pagination: unknown,
  ) {}

  /** The same JSON as `JSON.stringify` of the list gives, as a string or, when large, a stream. */
  toBody(): string | Readable {
    const { items, shape } = this
    const tail = `],"pagination":${JSON.stringify(this.pagination)}}`
    let chunk = '{"data":['
    let index = 0
    const next = () => `${index === 0 ? '' : ','}${JSON.stringify(shape(items[index]!)) ?? 'null'}`
    for (; index < items.length && chunk.length < WHOLE_BODY_CHARS; index++) chunk += next()
    if (index === items.length) return chunk + tail
    function* rest(): Generator<string> {
      for (; index < items.length; index++) {
        chunk += next()
        if (chunk.length >= CHUNK_CHARS) {
          yield chunk
          chunk = ''
        }
      }
      yield chunk + tail
    }
    return Readable.from(rest(), { objectMode: false })
  }

  toJSON(): { data: unknown[]; pagination: unknown } {
    return { data: this.items.map(this.shape), pagination: this.pagination }
  }
}
