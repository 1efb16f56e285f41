/** A tag of blog posts; its slug is unique among tags. */
export interface BlogTag {
  id: string
  slug: string
  name: string
}
