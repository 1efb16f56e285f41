import * as v from 'valibot'
import { optionalText, requiredText } from '../../shared/fields'
import { aliased } from '../../shared/validation'
import { slugField } from '../slugs/slug'

const slug = v.optional(v.pipe(slugField, v.description('Unique among categories; default from the name')))

/** POST /blog/categories. */
export const CategoryCreateSchema = aliased(v.object({ name: requiredText(100), slug, description: optionalText(1000) }))
export type CategoryCreateInput = v.InferInput<typeof CategoryCreateSchema>

/** PUT /blog/categories/{id}: partial. */
export const CategoryUpdateSchema = aliased(v.object({ name: v.optional(requiredText(100)), slug, description: optionalText(1000) }))
export type CategoryUpdateInput = v.InferInput<typeof CategoryUpdateSchema>
