import { randomBytes } from 'node:crypto';

/**
 * Public ids: a short prefix, then 26 characters of Crockford base32 holding a
 * 48-bit millisecond timestamp and 80 random bits (the ULID layout). Ids made
 * later sort after ids made earlier, also within one millisecond in this
 * process (the random part is incremented), so keyset pagination can use them.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ID_PREFIXES = {
  organization: 'org',
  project: 'prj',
  apiClient: 'cli',
  user: 'usr',
  session: 'sess',
  leg: 'leg',
  toolCall: 'tc',
  recording: 'rec',
  agent: 'agt',
  agentVersion: 'ver',
  branch: 'brn',
  promptRevision: 'rev',
  agentPublication: 'pub',
  auditEvent: 'aud',
  membership: 'mem',
  projectMember: 'pmb',
  customRole: 'rol',
  invitation: 'inv',
  oauthConnection: 'con',
  test: 'tst',
  testRun: 'trn',
  evaluation: 'evl',
  release: 'rel',
  modelProvider: 'mpr',
  contact: 'cnt',
  dncEntry: 'dnc',
  telephonyConnection: 'tcn',
  phoneNumber: 'pn',
  sipTrunk: 'trk',
  sipTrunkEndpoint: 'tep',
  destination: 'dst',
  carrierCall: 'ccl',
  agentTrigger: 'trg',
  webhookEvent: 'evt',
  triggerRun: 'run',
  httpTool: 'htl',
  knowledgeResource: 'res',
  knowledgeChunk: 'kch',
  mcpServer: 'mcp',
  mcpServerTool: 'mct',
  agentMcpServer: 'ams',
  outboundCall: 'ocl',
  campaign: 'cmp',
  campaignRecipient: 'crp',
  integrationConnection: 'icn',
  voiceClone: 'vcl',
  voiceCloneSample: 'vcs',
  speechProvider: 'spp',
} as const;
export type IdKind = keyof typeof ID_PREFIXES;

let lastTime = 0;
let lastRandom: Uint8Array = new Uint8Array(10);

function encodeTime(time: number): string {
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[time % 32] + out;
    time = Math.floor(time / 32);
  }
  return out;
}

function encodeRandom(bytes: Uint8Array): string {
  // 80 bits -> 16 base32 characters, most significant first.
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < 16; i++) {
    out = ALPHABET[Number(bits & 31n)] + out;
    bits >>= 5n;
  }
  return out;
}

function increment(bytes: Uint8Array): Uint8Array {
  const next = new Uint8Array(bytes);
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i] === 255) {
      next[i] = 0;
    } else {
      next[i]++;
      return next;
    }
  }
  return next;
}

/** A time-ordered identifier body for `time` (milliseconds since the epoch). */
export function ulid(time = Date.now()): string {
  if (time <= lastTime) {
    lastRandom = increment(lastRandom);
    time = lastTime;
  } else {
    lastTime = time;
    lastRandom = new Uint8Array(randomBytes(10));
  }
  return encodeTime(time) + encodeRandom(lastRandom);
}

export function newId(kind: IdKind, time?: number): string {
  return `${ID_PREFIXES[kind]}_${ulid(time)}`;
}

const BODY = /^[0-9A-HJKMNP-TV-Z]{26}$/;
/** True when `value` has the shape of an id of `kind` (not that it exists). */
export function isId(kind: IdKind, value: string): boolean {
  const prefix = `${ID_PREFIXES[kind]}_`;
  return value.startsWith(prefix) && BODY.test(value.slice(prefix.length));
}
