export { createPdfLibRenderer, type PdfLibRendererOptions } from './pdf-lib-renderer'
export { SRGB_PROFILE_NAME, srgbIccProfile } from './srgb-icc'
