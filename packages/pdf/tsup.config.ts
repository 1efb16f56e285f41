import { packageBuild } from '../../tsup.package'

// The worker pool starts dist/render-worker.js in each worker thread.
export default packageBuild({ entry: { index: 'src/index.ts', 'render-worker': 'src/render-worker.ts' } })
