import { describe, it, expect } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { consoleApiEnums, consoleApiTypes } from '../../scripts/console-api-types.js';

/**
 * The console's typed client is checked (tsc -p dashboard-app) against types generated from the /v1 routes and
 * kept in git: they must be those of the routes as they are now, or the console compiles against an API that is gone.
 */
const file = (name: string) => readFileSync(new URL(`../../dashboard-app/src/api/${name}`, import.meta.url), 'utf8');

describe("the console's generated API types", () => {
  it('are those of the /v1 routes and constants as they are (regenerate with npm run build:console)', async () => {
    expect(file('v1.d.ts') === (await consoleApiTypes())).toBe(true);
    expect(file('enums.ts')).toBe(consoleApiEnums());
  });
});
