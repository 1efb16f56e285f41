#!/usr/bin/env node
// A committed launcher, so npm can link the bin before `prepare` has built dist/.
import '../dist/cli.js'
