import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createInvoicing } from '../../create-invoicing'
import { createManualClock, createMemoryFileStore, createMemoryStorage, failsWith } from '../../testing'
import type { BlogCaller } from '../blog-caller'

const u16le = (value: number) => [value & 0xff, value >> 8]
const u16be = (value: number) => [value >> 8, value & 0xff]
const u24le = (value: number) => [value & 0xff, (value >> 8) & 0xff, value >> 16]
const u32be = (value: number) => [value >>> 24, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]
const ascii = (text: string) => [...Buffer.from(text, 'latin1')]

/** The smallest headers each format needs to be told by its content and to give its size. */
const FILES = {
  png: (width: number, height: number) => Buffer.from([0x89, ...ascii('PNG\r\n\x1a\n'), ...u32be(13), ...ascii('IHDR'), ...u32be(width), ...u32be(height), 8, 2, 0, 0, 0, 0, 0, 0, 0]),
  gif: (width: number, height: number) => Buffer.from([...ascii('GIF89a'), ...u16le(width), ...u16le(height), 0, 0, 0]),
  jpeg: (width: number, height: number) => Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0, 16, ...ascii('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0,
    0xff, 0xc0, 0, 17, 8, ...u16be(height), ...u16be(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9,
  ]),
  webp: (width: number, height: number) => Buffer.from([...ascii('RIFF'), 22, 0, 0, 0, ...ascii('WEBPVP8X'), 10, 0, 0, 0, 0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)]),
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
}

async function* streamOf(...chunks: Uint8Array[]): AsyncIterable<Uint8Array> {
  for (const chunk of chunks) yield chunk
}

async function bytesOf(stream: AsyncIterable<Uint8Array>) {
  const chunks: Uint8Array[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return Buffer.concat(chunks)
}

async function setup() {
  const storage = createMemoryStorage()
  const documentFiles = createMemoryFileStore()
  const invoicing = createInvoicing({ storage, clock: createManualClock('2026-03-16T09:00:00.000Z'), documentFiles })
  const company = await invoicing.companies.create({ name: 'Plattform GmbH' })
  const admin: BlogCaller = { actor: { companyId: company.id, apiKeyId: 'key-admin' }, platformAdmin: true }
  const media = invoicing.blog.media
  const upload = async (bytes: Uint8Array, fileName = 'bild.png', altText?: string) => {
    const staged = await media.stage(admin, streamOf(bytes))
    try {
      return await media.create(admin, { fileName }, altText === undefined ? {} : { alt_text: altText } as never, staged)
    } catch (error) {
      await media.discardStaged(staged)
      throw error
    }
  }
  const auditActions = async () => (await storage.audit.list(company.id, { limit: 100, offset: 0 })).items.map((entry) => entry.action).reverse()
  return { invoicing, blog: invoicing.blog, media, admin, upload, documentFiles, auditActions, outsider: { ...admin, platformAdmin: false } }
}

describe('blog media', () => {
  it('types each allowed format by its content and reads width and height (null for PDF), whatever name it came with', async () => {
    const { upload, media, admin } = await setup()
    const made = {
      png: await upload(FILES.png(640, 480), 'x.pdf', 'Ein Bild'),
      gif: await upload(FILES.gif(3, 7)),
      jpeg: await upload(FILES.jpeg(1200, 800)),
      webp: await upload(FILES.webp(50, 40)),
      pdf: await upload(FILES.pdf(), 'preise.pdf'),
    }
    assert.deepEqual(Object.values(made).map((each) => [each.contentType, each.width, each.height]), [
      ['image/png', 640, 480], ['image/gif', 3, 7], ['image/jpeg', 1200, 800], ['image/webp', 50, 40], ['application/pdf', null, null],
    ])
    assert.deepEqual({ ...made.png, id: undefined }, {
      id: undefined, fileName: 'x.pdf', contentType: 'image/png', size: FILES.png(640, 480).length, width: 640, height: 480, altText: 'Ein Bild', createdAt: '2026-03-16T09:00:00.000Z',
    })
    const content = await media.content(admin, made.pdf.id)
    assert.equal(content.media.contentType, 'application/pdf')
    assert.deepEqual(await bytesOf((await content.read()).stream), FILES.pdf())
    assert.equal((await media.list(admin)).total, 5)
  })

  it('refuses other types with 415 and more than 10 MiB with 413, and keeps none of their bytes', async () => {
    const { upload, media, admin, documentFiles } = await setup()
    await assert.rejects(upload(Buffer.from('just text, no image')), failsWith('unsupported_media_type'))
    await assert.rejects(upload(Buffer.from('<html><script>alert(1)</script></html>')), failsWith('unsupported_media_type'))
    await assert.rejects(upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.alloc(100)])), failsWith('unsupported_media_type'))
    const chunk = Buffer.alloc(1024 * 1024)
    const staged = media.stage(admin, streamOf(...Array.from({ length: 11 }, () => chunk)))
    await assert.rejects(staged, failsWith('file_too_large', { maxBytes: 10 * 1024 * 1024 }))
    assert.equal((await media.list(admin)).total, 0)
    const kept = await media.stage(admin, streamOf(FILES.png(1, 1)))
    await media.discardStaged(kept)
    assert.equal(await documentFiles.stat(`blog-media/${kept.mediaId}`), undefined)
  })

  it('sanitises an SVG: scripts, handlers and links go, the drawing and its size stay', async () => {
    const { upload, media, admin } = await setup()
    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" onload="alert(1)"><script>alert(2)</script>' +
      '<a href="javascript:alert(3)"><rect width="5" height="5" fill="red" onclick="alert(4)"/></a><foreignObject><p>x</p></foreignObject></svg>'
    const made = await upload(Buffer.from(svg), 'logo.svg')
    const stored = (await bytesOf((await (await media.content(admin, made.id)).read()).stream)).toString()
    assert.equal(stored, '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="5" height="5" fill="red"></rect></svg>')
    assert.deepEqual([made.contentType, made.width, made.height, made.size], ['image/svg+xml', 20, 10, Buffer.byteLength(stored)])
  })

  it('changes the alt text, refuses to delete a cover in use, and deletes the bytes with the record', async () => {
    const { upload, media, blog, admin, documentFiles, auditActions, outsider } = await setup()
    const made = await upload(FILES.png(2, 2))
    assert.equal((await media.update(admin, made.id, { altText: 'Neu' })).altText, 'Neu')
    assert.equal((await media.update(admin, made.id, { altText: null })).altText, null)
    const post = await blog.posts.create(admin, { title: 'Mit Bild', coverMediaId: made.id })
    await assert.rejects(media.delete(admin, made.id), failsWith('media_in_use'))
    await blog.posts.update(admin, post.id, { coverMediaId: null })
    await assert.rejects(media.delete(outsider, made.id), failsWith('platform_admin_required'))
    await media.delete(admin, made.id)
    await assert.rejects(media.get(admin, made.id), failsWith('not_found'))
    await assert.rejects(media.content(admin, made.id), failsWith('not_found'))
    assert.equal(await documentFiles.stat(`blog-media/${made.id}`), undefined)
    assert.deepEqual((await auditActions()).filter((action) => action.startsWith('BLOG_MEDIA')), [
      'BLOG_MEDIA_UPLOADED_VIA_API', 'BLOG_MEDIA_UPDATED_VIA_API', 'BLOG_MEDIA_UPDATED_VIA_API', 'BLOG_MEDIA_DELETED_VIA_API',
    ])
    await assert.rejects(media.stage(outsider, streamOf(FILES.png(1, 1))), failsWith('platform_admin_required'))
  })
})
