import * as v from 'valibot'
import { requiredText } from '../../shared/fields'
import { aliased } from '../../shared/validation'
import { slugField } from '../slugs/slug'

const slug = v.optional(v.pipe(slugField, v.description('Unique among tags; default from the name')))

/** POST /blog/tags. */
export const TagCreateSchema = aliased(v.object({ name: requiredText(100), slug }))
export type TagCreateInput = v.InferInput<typeof TagCreateSchema>

/** PUT /blog/tags/{id}: partial. */
export const TagUpdateSchema = aliased(v.object({ name: v.optional(requiredText(100)), slug }))
export type TagUpdateInput = v.InferInput<typeof TagUpdateSchema>
