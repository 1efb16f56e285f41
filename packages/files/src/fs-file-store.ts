import { createHash, randomUUID } from 'node:crypto'
import { mkdir, open, readFile, rename, rm, stat, type FileHandle } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { assertExpectedContent, FileContentRejected, isFileKey, type FileStore } from '@invoicing/core'

/**
 * Files in the folder `dir` of the file system, one per key: `versions/a/b.pdf` is
 * `<dir>/versions/a/b.pdf`. Folders are made as needed, `dir` included. A put writes a temp
 * file beside its target, syncs it and renames it over the target, so a reader or a crash sees
 * the old file or the new one, never part of one. Temp names contain `~`, which no key can, so
 * no key ever names a temp file.
 */
export function createFsFileStore(dir: string): FileStore {
  const root = resolve(dir)
  const pathOf = (key: string) => {
    // Checked before any path is built: `..` or an absolute key would leave the folder.
    if (!isFileKey(key)) throw new Error(`invalid file key ${JSON.stringify(key)}`)
    return join(root, ...key.split('/'))
  }
  return {
    async put(key, content) {
      const path = pathOf(key)
      const folder = dirname(path)
      const firstCreated = await mkdir(folder, { recursive: true })
      const temp = `${path}~${randomUUID()}`
      try {
        const file = await open(temp, 'wx')
        try {
          await file.writeFile(content)
          await file.sync()
        } finally {
          await file.close()
        }
        await rename(temp, path)
      } catch (error) {
        await rm(temp, { force: true }).catch(() => undefined)
        throw error
      }
      // The rename, and each folder just made, lasts a power loss only once its parent is synced.
      await syncFolders(folder, firstCreated ? dirname(firstCreated) : folder)
    },
    async get(key) {
      const path = pathOf(key)
      try {
        return await readFile(path)
      } catch (error) {
        if (holdsNoFile(error)) return undefined
        throw error
      }
    },
    async write(key, source, expected = {}) {
      const path = pathOf(key)
      const folder = dirname(path)
      const firstCreated = await mkdir(folder, { recursive: true })
      const temp = `${path}~${randomUUID()}`
      const hash = createHash('sha256')
      let size = 0
      try {
        const file = await open(temp, 'wx')
        try {
          for await (const chunk of source) {
            size += chunk.byteLength
            if (expected.maxBytes !== undefined && size > expected.maxBytes) {
              throw new FileContentRejected('too_large', `the content is larger than ${expected.maxBytes} bytes`)
            }
            hash.update(chunk)
            // A write may take part of a chunk; the rest follows.
            for (let offset = 0; offset < chunk.byteLength;) offset += (await file.write(chunk, offset)).bytesWritten
          }
          await file.sync()
        } finally {
          await file.close()
        }
        const sha256 = hash.digest('hex')
        assertExpectedContent(expected, size, sha256)
        await rename(temp, path)
        await syncFolders(folder, firstCreated ? dirname(firstCreated) : folder)
        return { size, sha256 }
      } catch (error) {
        await rm(temp, { force: true }).catch(() => undefined)
        throw error
      }
    },
    async read(key, range) {
      const path = pathOf(key)
      let file: FileHandle
      try {
        file = await open(path, 'r')
      } catch (error) {
        if (holdsNoFile(error)) return undefined
        throw error
      }
      // The size and the bytes come from the one file opened, even if a write renames another
      // over the path meanwhile. The stream closes the file when it ends or is given up.
      try {
        const info = await file.stat()
        if (!info.isFile()) throw Object.assign(new Error(`${path} is a folder`), { code: 'EISDIR' })
        return { size: info.size, stream: file.createReadStream(range ? { start: range.start, end: range.end } : {}) }
      } catch (error) {
        await file.close()
        if (holdsNoFile(error)) return undefined
        throw error
      }
    },
    async stat(key) {
      const path = pathOf(key)
      try {
        const info = await stat(path)
        return info.isFile() ? { size: info.size } : undefined
      } catch (error) {
        if (holdsNoFile(error)) return undefined
        throw error
      }
    },
    // Not synced: a deleted PDF that comes back after a power loss is an orphan, nothing worse.
    async delete(key) {
      try {
        await rm(pathOf(key))
      } catch (error) {
        if (!holdsNoFile(error)) throw error
      }
    },
  }
}

/** No file at the path: nothing there, a file where a folder would be, or a folder. */
const holdsNoFile = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as { code?: string } | null)?.code ?? '')

/** Syncs `from` and each parent up to and including `upTo`. */
async function syncFolders(from: string, upTo: string): Promise<void> {
  // Windows cannot open a folder to sync it; NTFS journals the rename itself.
  if (process.platform === 'win32') return
  for (let folder = from; ; folder = dirname(folder)) {
    const handle = await open(folder, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
    if (folder === upTo || folder === dirname(folder)) return
  }
}
