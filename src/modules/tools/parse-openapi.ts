import { DomainError } from '../errors.js';
import type { HttpToolParameter } from './tools.entity.js';

/** One operation of a spec, as an agent tool: what the import stores. */
export interface ImportedOperation {
  name: string;
  /** operationId, or "METHOD /path". */
  key: string;
  /** "METHOD /path": `operations` may name an operation by this too. */
  route: string;
  description: string;
  method: string;
  urlTemplate: string;
  parameters: HttpToolParameter[];
  hasBody: boolean;
  inputSchema: Record<string, unknown>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const MAX_OPERATIONS = 100;
/** $refs are inlined to this depth; deeper (or cyclic) schemas become `{}` (any value): the upstream API validates. */
const MAX_REF_DEPTH = 8;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const invalid = (message: string) => new DomainError('VALIDATION_FAILED', `The API spec is not usable: ${message}`, { issues: [{ field: 'spec', message }] });

/**
 * Turns an OpenAPI 3.x document into tool definitions: each operation
 * (get, put, post, delete, patch) becomes a tool named after its
 * operationId (or method and path), whose input schema holds its path,
 * query and header parameters by name and its JSON request body under
 * `body`; the URL is `servers[0].url` (variables at their defaults,
 * relative ones resolved against `specUrl`) plus the path. Local `$ref`s
 * (#/components/...) are inlined; remote ones are not followed (they would
 * be fetches the caller did not ask for) and read as any value.
 */
export function parseOpenApi(doc: unknown, specUrl: string | null): ImportedOperation[] {
  if (!isObject(doc)) throw invalid('it is not a JSON object');
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.'))
    throw invalid('only OpenAPI 3.x documents are imported (the openapi field must be 3.x)');
  if (!isObject(doc.paths)) throw invalid('it has no paths');
  const base = serverUrl(doc, specUrl);
  const operations: ImportedOperation[] = [];
  const names = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isObject(item) || !path.startsWith('/')) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      if (operations.length >= MAX_OPERATIONS) throw invalid(`it has more than ${MAX_OPERATIONS} operations: import a subset with operations`);
      const key = typeof op.operationId === 'string' && op.operationId ? op.operationId : `${method.toUpperCase()} ${path}`;
      const name = uniqueName(toolName(key), names);
      const { parameters, properties, required } = collectParameters(doc, [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])]);
      let hasBody = false;
      const body = deref(doc, op.requestBody, 0);
      if (isObject(body) && isObject(body.content)) {
        const json = Object.entries(body.content).find(([type]) => /^application\/(.+\+)?json/.test(type))?.[1];
        if (isObject(json)) {
          hasBody = true;
          properties.body = { ...schemaOf(doc, json.schema), ...(typeof body.description === 'string' ? { description: body.description } : {}) };
          if (body.required === true) required.push('body');
        }
      }
      const text = [op.summary, op.description].filter((v): v is string => typeof v === 'string' && v.trim() !== '').join('. ');
      operations.push({
        name,
        key,
        route: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        urlTemplate: base + path,
        parameters,
        hasBody,
        description: (text || `${method.toUpperCase()} ${path}`).slice(0, 1000),
        inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false },
      });
    }
  }
  if (operations.length === 0) throw invalid('it has no operations');
  return operations;
}

function serverUrl(doc: Json, specUrl: string | null): string {
  const server = Array.isArray(doc.servers) && isObject(doc.servers[0]) ? doc.servers[0] : null;
  let url = typeof server?.url === 'string' ? server.url : '/';
  if (isObject(server?.variables)) {
    for (const [name, variable] of Object.entries(server.variables)) {
      if (isObject(variable) && typeof variable.default === 'string') url = url.replaceAll(`{${name}}`, variable.default);
    }
  }
  let resolved: URL;
  try {
    resolved = specUrl ? new URL(url, specUrl) : new URL(url);
  } catch {
    throw invalid(`servers[0].url ${url.slice(0, 200)} is not an absolute URL (give spec_url, or an absolute server URL)`);
  }
  if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') throw invalid('servers[0].url must be http or https');
  return resolved.toString().replace(/\/+$/, '');
}

function collectParameters(doc: Json, raw: unknown[]) {
  const byKey = new Map<string, Json>();
  for (const entry of raw) {
    const p = deref(doc, entry, 0);
    if (isObject(p) && typeof p.name === 'string' && (p.in === 'path' || p.in === 'query' || p.in === 'header')) byKey.set(`${p.in}:${p.name}`, p);
  }
  const parameters: HttpToolParameter[] = [];
  const properties: Json = {};
  const required: string[] = [];
  for (const p of byKey.values()) {
    const name = p.name as string;
    // A body property named like a parameter would collide: the body keeps `body`, parameters keep their names.
    if (name === 'body' || Object.hasOwn(properties, name)) continue;
    const isRequired = p.in === 'path' || p.required === true;
    parameters.push({ name, in: p.in as HttpToolParameter['in'], required: isRequired });
    properties[name] = { ...schemaOf(doc, p.schema), ...(typeof p.description === 'string' ? { description: p.description.slice(0, 500) } : {}) };
    if (isRequired) required.push(name);
  }
  return { parameters, properties, required };
}

function schemaOf(doc: Json, schema: unknown): Json {
  const inlined = deref(doc, schema, 0);
  return isObject(inlined) ? inlined : {};
}

/** Inlines local $refs, recursively, to MAX_REF_DEPTH. */
function deref(doc: Json, value: unknown, depth: number): unknown {
  if (Array.isArray(value)) return value.map((v) => deref(doc, v, depth));
  if (!isObject(value)) return value;
  if (typeof value.$ref === 'string') {
    if (depth >= MAX_REF_DEPTH || !value.$ref.startsWith('#/')) return {};
    let target: unknown = doc;
    for (const part of value.$ref.slice(2).split('/')) {
      const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
      target = isObject(target) && Object.hasOwn(target, key) ? target[key] : undefined;
    }
    return target === undefined ? {} : deref(doc, target, depth + 1);
  }
  const out: Json = {};
  // OpenAPI-only keywords (example, nullable, xml) pass through: JSON Schema readers ignore keywords they do not know.
  for (const [key, inner] of Object.entries(value)) out[key] = deref(doc, inner, depth);
  return out;
}

/** A name the model can call: letters, digits, _ and -, starting with a letter, at most 64. */
function toolName(key: string): string {
  const cleaned = key
    .replace(/[{}]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/_{2,}/g, '_');
  const named = /^[A-Za-z]/.test(cleaned) ? cleaned : `op_${cleaned}`;
  return named.slice(0, 64);
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let i = 2; taken.has(candidate); i++) candidate = `${name.slice(0, 60)}_${i}`;
  taken.add(candidate);
  return candidate;
}
