// Bundles the workflow code ahead of time (npm run build), so a production worker loads it instead of running
// webpack at start-up. Usage: node --import tsx scripts/bundle-workflows.ts [out]   (default dist/workflow-bundle.js,
// from the compiled dist/workflows when present, else from the sources).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';

const out = resolve(process.argv[2] ?? 'dist/workflow-bundle.js');
const compiled = resolve('dist/workflows/index.js');
const workflowsPath = existsSync(compiled) ? compiled : resolve('workflows/index.ts');
const { code } = await bundleWorkflowCode({ workflowsPath, ignoreModules: [] });
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, code);
console.error(`[build] workflows bundled from ${workflowsPath} into ${out} (${Math.round(code.length / 1024)} KiB)`);
