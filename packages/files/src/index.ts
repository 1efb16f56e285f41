export { createFsFileStore } from './fs-file-store'
export { createS3FileStore, type S3FileStore, type S3FileStoreOptions } from './s3-file-store'
