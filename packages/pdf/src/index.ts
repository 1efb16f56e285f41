export { countPages, createPdfLibRenderer, type PdfLibRendererOptions } from './pdf-lib-renderer'
export { createPdfWorkerPool, type PdfWorkerPool, type PdfWorkerPoolOptions, type PdfWorkerPoolStats } from './worker-pool'
export { SRGB_PROFILE_NAME, srgbIccProfile } from './srgb-icc'
