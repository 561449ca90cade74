import openapiTS, { astToString } from 'openapi-typescript';
import { buildOpenApiDocument } from '../src/http/openapi.js';
import { v1Routes } from '../src/http/v1/index.js';
import { loadConfig } from '../src/config.js';
import { DIRECTIONS, END_REASONS, SESSION_KINDS, SESSION_STATUSES } from '../src/modules/calls/calls.entity.js';
import { RECIPIENT_STATES } from '../src/modules/campaigns/campaigns.entity.js';
import { EVENT_KINDS } from '../src/modules/triggers/triggers.schemas.js';
import { PERMISSIONS } from '../src/modules/org/permissions.js';

/** The TypeScript types of the /v1 API, from its OpenAPI document: what the console's typed client (openapi-fetch) checks against. */
export async function consoleApiTypes(): Promise<string> {
  const document = buildOpenApiDocument(v1Routes, loadConfig({ NODE_ENV: 'development' }));
  const copy = JSON.parse(JSON.stringify(document)) as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>> };
  // The console's client sends X-Organization-Id on every request itself (dashboard-app/src/api.ts): no call passes it.
  for (const operations of Object.values(copy.paths)) {
    for (const operation of Object.values(operations)) {
      operation.parameters = operation.parameters?.filter((p) => !(p.in === 'header' && p.name.toLowerCase() === 'x-organization-id'));
    }
  }
  // A field with a default may be left out of a request (the server fills it in): optional, not required.
  const ast = await openapiTS(copy as unknown as Parameters<typeof openapiTS>[0], { defaultNonNullable: false });
  return `// Generated from the /v1 OpenAPI document by scripts/build-dashboard.ts: do not edit.\n${astToString(ast)}`;
}

/** The API's value lists the console offers as choices, from the same constants its schemas are built from. */
export function consoleApiEnums(): string {
  const lists = { SESSION_STATUSES, END_REASONS, DIRECTIONS, SESSION_KINDS, RECIPIENT_STATES, EVENT_KINDS, PERMISSIONS };
  const body = Object.entries(lists)
    .map(([name, values]) => `export const ${name} = ${JSON.stringify(values)} as const;`)
    .join('\n');
  return `// Generated from the API's constants by scripts/build-dashboard.ts: do not edit.\n${body}\n`;
}
