import * as v from 'valibot'
import { optionalText } from '../../shared/fields'
import { aliased } from '../../shared/validation'

const altText = v.pipe(optionalText(500), v.description('Text for readers who cannot see the image'))

/** The form fields of POST /blog/media beside its file part. */
export const MediaFieldsSchema = aliased(v.object({ altText }))
export type MediaFieldsInput = v.InferInput<typeof MediaFieldsSchema>

/** PUT /blog/media/{id}. */
export const MediaUpdateSchema = aliased(v.object({ altText }))
export type MediaUpdateInput = v.InferInput<typeof MediaUpdateSchema>
