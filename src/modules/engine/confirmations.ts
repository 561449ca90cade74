import { createHash } from 'node:crypto';
import type { PermissionRequestInput, PermissionResult } from '../../../workflows/permission-request/messages.js';
import type { Tool } from './tools.js';

export type { PermissionDecision, PermissionRequestInput, PermissionResult } from '../../../workflows/permission-request/messages.js';

/**
 * Ask-permission confirmations as the engine sees them (spec 2.7): `open`
 * records the request before the agent reads it back; the pending request's
 * `answer` hands over the caller's next words (null: they hung up) and
 * resolves with the decision and, when confirmed, the action's outcome. The
 * action itself runs wherever the implementation decides, at most once; the
 * Temporal one (temporal-confirmations.ts) runs it in the permissionRequest
 * workflow. Without an implementation (a process with no Temporal) every Ask
 * tool is refused.
 */
export interface Confirmations {
  open(input: PermissionRequestInput): Promise<PendingConfirmation>;
}
export interface PendingConfirmation {
  answer(words: string | null): Promise<PermissionResult>;
}

/** The request's id: the call, the tool, its exact arguments and how many identical requests came before in this call. */
export function permissionRequestId(sessionId: string, toolName: string, args: unknown, earlier: number): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([toolName, canonical(args), earlier]))
    .digest('base64url')
    .slice(0, 22);
  return `${sessionId}/${digest}`;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

const MAX_VALUE = 300;
const MAX_READ_BACK = 2000;

/** Every argument as "name: value", nested objects by dotted path, in the order the model gave them. */
function describeArguments(args: Record<string, unknown>, prefix = ''): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(args)) {
    const name = `${prefix}${key.replaceAll('_', ' ')}`;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      lines.push(...describeArguments(value as Record<string, unknown>, `${name}.`));
    } else {
      let text: string;
      if (Array.isArray(value)) text = value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
      else if (typeof value === 'boolean') text = value ? 'yes' : 'no';
      else if (value === null || value === undefined) text = 'none';
      else text = String(value);
      lines.push(`${name}: ${text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text}`);
    }
  }
  return lines;
}

/**
 * What the agent reads back before an Ask action (generated from the tool's
 * arguments, never from the model's own words, so what the caller hears is
 * exactly what will run): the action in a sentence (the tool's own
 * `describeAction` when it has one, e.g. a transfer names its destination),
 * every argument, and the question.
 */
export function readBack(tool: Tool, args: Record<string, unknown>): string {
  const action = tool.describeAction?.(args) ?? `use ${tool.name.replaceAll('_', ' ')}`;
  const details = describeArguments(args);
  const sentence = `Before I go ahead, please confirm: I will ${action}${details.length ? `, with ${details.join('; ')}` : ''}`;
  // A value that ends its own sentence ("upper right.") is not given a second full stop.
  const text = `${sentence}${/[.!?…]$/.test(sentence) ? '' : '.'} Shall I go ahead?`;
  return text.length > MAX_READ_BACK ? `${text.slice(0, MAX_READ_BACK - 20)}… Shall I go ahead?` : text;
}
