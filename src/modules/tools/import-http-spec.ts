import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { actorOf, findAgent } from '../agents/agent-access.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { resolveProjectId } from '../org/resolve-project.js';
import { assertPublicUrl, OutboundRequestError, safeRequest, type Lookup } from '../outbound-http.js';
import { encryptSecret } from '../secrets/secret-box.js';
import { HttpTool } from './tools.entity.js';
import { ImportHttpSpecBody, type HttpToolView } from './tools.schemas.js';
import { parseOpenApi } from './parse-openapi.js';
import { toHttpToolView } from './http-tool-views.js';

export interface ImportSettings {
  encryptionKey: Buffer;
  allowedHosts: readonly string[];
  lookup?: Lookup;
}

/** An agent tool entry that lets an agent call an imported tool (the caller adds it with update_agent). */
export interface HttpAgentToolEntry {
  name: string;
  kind: 'http';
  permission: 'allow' | 'ask' | 'block';
  config: { http_tool_id: string };
}

/**
 * Imports the operations of an OpenAPI 3.x document as HTTP tools
 * (tool_http_import_spec). The document comes in the body or is fetched
 * from `spec_url` through the safe client; every operation's server must be
 * a public address too (checked now, and again by the client on each call).
 * A name the project already has is replaced (re-importing a changed spec
 * updates its tools); headers given replace the stored ones, headers left
 * out keep them. Attaching is the caller's step: the answer carries the
 * agent tool entries to add with update_agent, with `permission` (Ask by
 * default, as for any new external tool).
 */
export const importHttpSpec = operation(
  { needs: 'tools:manage', input: ImportHttpSpecBody },
  async (
    em: Em,
    principal: Principal,
    body: z.output<typeof ImportHttpSpecBody>,
    settings: ImportSettings,
  ): Promise<{ tools: HttpToolView[]; agent_tools: HttpAgentToolEntry[] }> => {
    const projectId = await resolveProjectId(em, principal, body.project_id);
    const agentId = body.agent_id ? (await findAgent(em, principal, body.agent_id)).id : null;
    const doc =
      body.spec_url !== undefined ? await fetchSpec(body.spec_url, settings) : typeof body.spec === 'string' ? parseJson(body.spec, 'spec') : body.spec;
    let operations = parseOpenApi(doc, body.spec_url ?? null);
    if (body.operations) {
      const wanted = new Set(body.operations);
      const missing = body.operations.filter((key) => !operations.some((op) => op.key === key || op.name === key || op.route === key));
      if (missing.length) {
        throw new DomainError('VALIDATION_FAILED', `The spec has no operation ${missing.join(', ')}`, {
          issues: missing.map(() => ({ field: 'operations', message: 'no such operationId or "METHOD /path"' })),
        });
      }
      operations = operations.filter((op) => wanted.has(op.key) || wanted.has(op.name) || wanted.has(op.route));
    }
    // Refused now when the server is a private literal or localhost; names resolving privately are refused on each call.
    for (const op of operations) assertPublicUrl(op.urlTemplate.replace(/\{[^}]*\}/g, 'x'), 'spec.servers', settings.allowedHosts);
    const headerNames = body.headers
      ? Object.keys(body.headers)
          .map((h) => h.toLowerCase())
          .sort()
      : null;
    const headersEncrypted =
      body.headers && headerNames?.length
        ? encryptSecret(
            settings.encryptionKey,
            JSON.stringify(Object.fromEntries(Object.entries(body.headers).map(([k, v]) => [k.toLowerCase(), v]))),
            principal.organizationId,
          )
        : null;
    return em.transactional(async (tx) => {
      const existing = await tx.find(HttpTool, { organization: principal.organizationId, project: projectId, name: operations.map((op) => op.name) });
      const byName = new Map(existing.map((t) => [t.name, t]));
      const saved = operations.map((op) => {
        const fields = {
          description: op.description,
          method: op.method,
          urlTemplate: op.urlTemplate,
          parameters: op.parameters,
          hasBody: op.hasBody,
          inputSchema: op.inputSchema,
          sourceUrl: body.spec_url ?? null,
          permission: body.permission ?? 'ask',
          ...(agentId ? { agent: agentId } : {}),
          ...(headerNames ? { headersEncrypted, headerNames } : {}),
        };
        const found = byName.get(op.name);
        if (found) return tx.assign(found, fields);
        return tx.create(HttpTool, {
          id: newId('httpTool'),
          organization: principal.organizationId,
          project: projectId,
          name: op.name,
          headersEncrypted: null,
          headerNames: [],
          agent: agentId,
          createdBy: actorOf(principal),
          ...fields,
        });
      });
      recordAudit(tx, principal, {
        action: 'tool.http.import',
        targetType: 'http_tool',
        projectId,
        data: { tools: saved.map((t) => t.name), source_url: body.spec_url ?? null, agent_id: agentId, header_names: headerNames ?? undefined },
      });
      await tx.flush();
      return {
        tools: saved.map(toHttpToolView),
        agent_tools: saved.map((t) => ({ name: t.name, kind: 'http' as const, permission: t.permission, config: { http_tool_id: t.id } })),
      };
    });
  },
);

function parseJson(text: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError('VALIDATION_FAILED', 'The API spec is not JSON (YAML is not accepted: convert it to JSON)', {
      issues: [{ field, message: 'is not JSON' }],
    });
  }
}

async function fetchSpec(url: string, settings: ImportSettings): Promise<unknown> {
  let response;
  try {
    response = await safeRequest(url, {
      allowedHosts: settings.allowedHosts,
      lookup: settings.lookup,
      headers: { accept: 'application/json' },
      maxBytes: 2 * 1024 * 1024,
    });
  } catch (error) {
    if (error instanceof OutboundRequestError) {
      throw new DomainError('UNPROCESSABLE', `The spec could not be fetched: ${error.message}`, {
        issues: [{ field: 'spec_url', message: error.message }],
      });
    }
    throw error;
  }
  if (response.status < 200 || response.status >= 300) {
    throw new DomainError('UNPROCESSABLE', `The spec URL answered ${response.status}`, {
      issues: [{ field: 'spec_url', message: `answered ${response.status}` }],
    });
  }
  return parseJson(response.text, 'spec_url');
}
