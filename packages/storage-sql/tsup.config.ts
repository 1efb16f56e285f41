import { packageBuild } from '../../tsup.package'

export default packageBuild({ entry: { index: 'src/index.ts', queries: 'src/queries.ts' } })
