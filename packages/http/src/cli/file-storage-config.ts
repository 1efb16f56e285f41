import type { FileStorage } from '../file-stores'
import { UsageError } from './usage-error'

const REQUIRED_S3 = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
/** S3's rule for bucket names (MinIO and R2 keep it too). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/

/** INVOICING_STORAGE (`fs` or `s3`) and, for `s3`, the S3_* variables. */
export function readFileStorage(env: NodeJS.ProcessEnv): FileStorage {
  const kind = env.INVOICING_STORAGE || 'fs'
  if (kind === 'fs') return { kind }
  if (kind !== 's3') throw new UsageError(`INVOICING_STORAGE must be fs or s3, got ${kind}`)
  const missing = REQUIRED_S3.filter((name) => !env[name])
  if (missing.length > 0) throw new UsageError(`INVOICING_STORAGE=s3 needs ${missing.join(', ')}`)
  if (!BUCKET.test(env.S3_BUCKET!)) throw new UsageError(`S3_BUCKET must be a bucket name (3-63 of a-z 0-9 . -), got ${env.S3_BUCKET}`)
  return {
    kind,
    s3: {
      endpoint: endpointOf(env.S3_ENDPOINT),
      region: env.S3_REGION!,
      bucket: env.S3_BUCKET!,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: flagOf(env, 'S3_FORCE_PATH_STYLE'),
    },
  }
}

/** Unset (AWS itself) or an http(s) URL without path, e.g. `http://127.0.0.1:9000`. */
function endpointOf(value: string | undefined): string | undefined {
  if (!value) return undefined
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.username) {
    throw new UsageError(`S3_ENDPOINT must be a URL like https://s3.example.com or http://127.0.0.1:9000 (no path), got ${value}`)
  }
  return url.origin
}

function flagOf(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name]
  if (!value || value === '0' || value === 'false') return false
  if (value === '1' || value === 'true') return true
  throw new UsageError(`${name} must be 1 or 0, got ${value}`)
}
