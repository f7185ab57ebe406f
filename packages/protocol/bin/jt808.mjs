#!/usr/bin/env node
// The codec is TypeScript without a build step: register tsx's ESM loader, then run the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
