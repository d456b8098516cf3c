#!/usr/bin/env node
// The package's `ffdesk` bin: the bundled CLI when built, else the TypeScript CLI through tsx (launch.cjs).
import './launch.cjs';
