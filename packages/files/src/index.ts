export { createFsFileStore } from './fs-file-store'
