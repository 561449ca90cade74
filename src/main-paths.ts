import { resolve } from 'node:path';

/** Where `npm run dev` records its pid and database address, for the CLI to find. */
export function devStatePath(dataDir: string): string {
  return resolve(dataDir, 'dev.json');
}
