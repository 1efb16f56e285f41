import { packageBuild } from '../../tsup.package'

// The command gets no declarations: it is run, not imported.
export default packageBuild({ entry: { index: 'src/index.ts', cli: 'src/cli/main.ts' }, dts: { entry: { index: 'src/index.ts' } } })
