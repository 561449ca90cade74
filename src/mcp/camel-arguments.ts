/**
 * One naming rule for MCP tool arguments (issue 13 item 1,
 * docs/decisions/0038): every argument of every tool is camelCase, at every
 * depth (`agentId`, `branch.name`, `retry.maxAttempts`), as the spec's shown
 * inputs are. The domain's schemas stay as REST has them (snake_case), so the
 * rule is applied here once, mechanically, to what tools/list shows and to
 * what a call sends:
 *
 * - `camelJsonSchema` renames the properties (and `required`) of every object
 *   of a listed input schema. The keys of a map (`variables`, `headers`) are
 *   the caller's data, not arguments, and are left alone.
 * - `toDomainArguments` renames a call's camelCase keys back to the schema's
 *   own before validation. A key already in the schema's own form is taken
 *   too, so assistants and scripts written against the older snake_case
 *   arguments keep working; tools/list shows camelCase only.
 * - `argumentPath` turns a domain field path (`body.retry.max_attempts`) into
 *   the argument path the tool takes (`retry.maxAttempts`) for error messages.
 */

export const camel = (name: string): string => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

type JsonSchema = { [key: string]: unknown };
const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

const COMBINATORS = ['anyOf', 'oneOf', 'allOf'] as const;

/** A copy of `schema` with every object property in camelCase. */
export function camelJsonSchema<T>(schema: T): T {
  return rename(schema) as T;
}

function rename(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rename);
  if (!isObject(node)) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, sub]) => [camel(name), rename(sub)]));
    } else if (key === 'required' && Array.isArray(value)) {
      out.required = value.map((name) => (typeof name === 'string' ? camel(name) : name));
    } else if (key === 'definitions' || key === '$defs') {
      out[key] = isObject(value) ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, rename(sub)])) : value;
    } else if (key === 'items' || key === 'additionalProperties' || key === 'not' || (COMBINATORS as readonly string[]).includes(key)) {
      out[key] = rename(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** The schema's own name of each argument, by the name a call may send it under (camelCase or its own). */
function propertiesOf(node: JsonSchema, root: JsonSchema): Map<string, { name: string; schema: JsonSchema }> {
  const found = new Map<string, { name: string; schema: JsonSchema }>();
  const visit = (n: unknown, depth: number) => {
    if (!isObject(n) || depth > 8) return;
    if (typeof n.$ref === 'string') visit(resolveRef(n.$ref, root), depth + 1);
    if (isObject(n.properties)) {
      for (const [name, sub] of Object.entries(n.properties)) {
        const entry = { name, schema: isObject(sub) ? sub : {} };
        if (!found.has(camel(name))) found.set(camel(name), entry);
        if (!found.has(name)) found.set(name, entry);
      }
    }
    for (const c of COMBINATORS) if (Array.isArray(n[c])) for (const option of n[c] as unknown[]) visit(option, depth + 1);
  };
  visit(node, 0);
  return found;
}

function resolveRef(ref: string, root: JsonSchema): unknown {
  const match = /^#\/(definitions|\$defs)\/(.+)$/.exec(ref);
  if (!match) return undefined;
  const defs = root[match[1]];
  return isObject(defs) ? defs[match[2]] : undefined;
}

/** The element schema of an array node (also inside a union of array and null). */
function itemsOf(node: JsonSchema, root: JsonSchema): JsonSchema | undefined {
  if (typeof node.$ref === 'string') {
    const target = resolveRef(node.$ref, root);
    return isObject(target) ? itemsOf(target, root) : undefined;
  }
  if (isObject(node.items)) return node.items;
  for (const c of COMBINATORS) {
    if (!Array.isArray(node[c])) continue;
    for (const option of node[c] as unknown[]) {
      const items = isObject(option) ? itemsOf(option, root) : undefined;
      if (items) return items;
    }
  }
  return undefined;
}

function mapValuesOf(node: JsonSchema): JsonSchema | undefined {
  if (isObject(node.additionalProperties)) return node.additionalProperties;
  for (const c of COMBINATORS) {
    if (!Array.isArray(node[c])) continue;
    for (const option of node[c] as unknown[]) {
      const values = isObject(option) ? mapValuesOf(option) : undefined;
      if (values) return values;
    }
  }
  return undefined;
}

/** A call's arguments with each key renamed to the schema's own (the domain's) name, at every depth. */
export function toDomainArguments(value: unknown, schema: JsonSchema, root: JsonSchema = schema): unknown {
  if (Array.isArray(value)) {
    const items = itemsOf(schema, root);
    return items ? value.map((v) => toDomainArguments(v, items, root)) : value;
  }
  if (!isObject(value)) return value;
  const properties = propertiesOf(schema, root);
  if (properties.size === 0) {
    // A map: the keys are data; its values may still be objects with arguments.
    const values = mapValuesOf(schema);
    return values ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toDomainArguments(v, values, root)])) : value;
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const property = properties.get(key);
    // An unknown key stays as sent: strict validation then names it back.
    out[property?.name ?? key] = property ? toDomainArguments(v, property.schema, root) : v;
  }
  return out;
}

/** Every property name of a JSON schema, at every depth (map keys are not names). */
export function argumentNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const s of schema) argumentNames(s, out);
  } else if (isObject(schema)) {
    if (isObject(schema.properties)) {
      for (const [name, sub] of Object.entries(schema.properties)) {
        out.add(name);
        argumentNames(sub, out);
      }
    }
    for (const key of ['items', 'additionalProperties', 'not', ...COMBINATORS]) argumentNames(schema[key], out);
    for (const key of ['definitions', '$defs']) if (isObject(schema[key])) argumentNames(Object.values(schema[key] as JsonSchema), out);
  }
  return out;
}

/** A tool's description with each of its own snake_case argument names written as the tool takes it. */
export function camelDescription(description: string, schema: unknown): string {
  let out = description;
  for (const name of argumentNames(schema)) {
    if (name.includes('_')) out = out.replace(new RegExp(`\\b${name}\\b`, 'g'), camel(name));
  }
  return out;
}

/** `body.retry.max_attempts` → `retry.maxAttempts`: a domain field path as the tool's argument path. */
export function argumentPath(field: string): string {
  return field
    .replace(/^(query|path|body)\./, '')
    .split('.')
    .map(camel)
    .join('.');
}
