/** A category of blog posts; its slug is unique among categories. */
export interface BlogCategory {
  id: string
  slug: string
  name: string
  description: string | null
}
