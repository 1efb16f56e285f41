// The part of s3rver (a local S3 server, no types of its own) that the S3 store's tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'

  export default class S3rver {
    constructor(options: {
      address?: string
      port?: number
      silent?: boolean
      directory: string
      configureBuckets?: { name: string }[]
    })
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
