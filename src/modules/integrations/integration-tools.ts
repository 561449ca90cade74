import { z } from 'zod';
import type { Em } from '../../db/orm.js';
import type { AgentConfig } from '../agents/agents.schemas.js';
import type { Tool, ToolContext, ToolOutcome, ToolPermission } from '../engine/tools.js';
import type { EngineSettings } from '../engine/engine-settings.js';
import { tryNormalizePhone } from '../phone.js';
import { idempotencyKey } from '../tools/http-tool.js';
import { IntegrationConnection } from './integrations.entity.js';
import type { IntegrationToolName } from './integrations.schemas.js';
import { ProviderError } from './provider-http.js';
import { clientsFor } from './integration-clients.js';
import { formatInZone, zonedToUtc } from './ical.js';
import { recordConnectionHealth } from './connection-health.js';

type Entry = AgentConfig['tools'][number];

/** A calendar date that exists (Date.UTC would roll 2026-02-30 over into March). */
function realDate(y: number, mo: number, d: number): boolean {
  const date = new Date(Date.UTC(y, mo - 1, d));
  return mo >= 1 && mo <= 12 && date.getUTCFullYear() === y && date.getUTCDate() === d;
}
const DATE = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as 2026-11-25')
  .refine((v) => realDate(Number(v.slice(0, 4)), Number(v.slice(5, 7)), Number(v.slice(8, 10))), 'not a real date');
const LOCAL_OR_OFFSET = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?$/;
/** The longest range check_availability looks at: two weeks is what a caller books within. */
const MAX_RANGE_DAYS = 14;
const Priority = z.enum(['low', 'normal', 'high', 'urgent']);

/** Each tool's arguments, as the model sees them (the catalogue shows the same schemas). */
export const TOOL_ARGS = {
  check_availability: z
    .object({
      from_date: DATE.describe("First day to look at (YYYY-MM-DD), in the calendar's time zone."),
      to_date: DATE.optional().describe(`Last day to look at (YYYY-MM-DD), at most ${MAX_RANGE_DAYS} days after from_date; default from_date.`),
      duration_minutes: z.number().int().min(5).max(480).optional().describe("Length of the appointment in minutes; default the calendar's slot length."),
    })
    .strict(),
  book_appointment: z
    .object({
      start: z
        .string()
        .regex(LOCAL_OR_OFFSET, 'a date and time such as 2026-11-25T10:00 (calendar time) or 2026-11-25T10:00:00+01:00')
        .describe('When the appointment starts: one of the slots check_availability returned.'),
      duration_minutes: z.number().int().min(5).max(480).optional().describe("Length in minutes; default the calendar's slot length."),
      attendee_name: z.string().trim().min(1).max(200).optional().describe("Who the appointment is for; default the caller's name."),
      attendee_phone: z.string().trim().min(3).max(40).optional().describe("A number to reach them; default the caller's number."),
      note: z.string().trim().max(1000).optional().describe("What the appointment is about, in the caller's words."),
    })
    .strict(),
  lookup_contact: z
    .object({
      phone: z.string().trim().min(3).max(40).optional().describe("Phone number to look up; default the caller's number."),
      email: z.email().max(254).optional().describe('Email address to look up.'),
    })
    .strict(),
  create_contact: z
    .object({
      first_name: z.string().trim().min(1).max(100).optional().describe('First name.'),
      last_name: z.string().trim().min(1).max(100).optional().describe('Last name.'),
      email: z.email().max(254).optional().describe('Email address.'),
      phone: z.string().trim().min(3).max(40).optional().describe("Phone number; default the caller's number."),
      company: z.string().trim().min(1).max(200).optional().describe('Company.'),
    })
    .strict(),
  open_ticket: z
    .object({
      subject: z.string().trim().min(1).max(150).describe('A short summary of the issue.'),
      description: z.string().trim().min(1).max(5000).describe('The issue in detail, as the caller described it.'),
      priority: Priority.optional().describe('low, normal, high or urgent; default normal.'),
      requester_email: z.email().max(254).optional().describe("The caller's email address, if they gave one."),
    })
    .strict(),
} satisfies Record<IntegrationToolName, z.ZodType>;

export const TOOL_DESCRIPTIONS: Record<IntegrationToolName, string> = {
  check_availability: 'Find free appointment slots in the calendar between two dates (business hours only, none in the past). Offer the caller a few of them.',
  book_appointment: 'Book an appointment in the calendar at a free slot (from check_availability). Repeating the same call does not book twice.',
  lookup_contact: 'Look up the caller (or a phone number or email) in the CRM: their name, email, company.',
  create_contact: 'Add a person to the CRM; when they are there already (same email or phone) the existing contact is returned instead.',
  open_ticket: 'Open a support ticket in the helpdesk for the caller, with a subject and a description of the issue.',
};

export function toolInputSchema(name: IntegrationToolName): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(TOOL_ARGS[name], { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
  return rest;
}

/** Which tools each integration gives an agent. */
export const TOOLS_OF: Record<IntegrationConnection['integration'], IntegrationToolName[]> = {
  caldav: ['check_availability', 'book_appointment'],
  hubspot: ['lookup_contact', 'create_contact'],
  zendesk: ['open_ticket'],
};

/** Tools that change something at the provider: their natural permission is ask. */
export const WRITES: ReadonlySet<IntegrationToolName> = new Set(['book_appointment', 'create_contact', 'open_ticket']);

/**
 * Loads the connections a version's `integration` entries name by
 * `config.connection_id`, in the call's organization only (and, for a
 * connection kept to one project, that project only). An entry whose
 * connection is missing, disconnected or of another organization, or that
 * names a tool its integration does not have, gives no tool. The tool is
 * `config.tool` when given (two calendars need two entry names), else the
 * entry's name.
 */
export async function resolveIntegrationTools(
  em: Em,
  context: Pick<ToolContext, 'organizationId' | 'config'> & { projectId?: string },
  settings: EngineSettings,
): Promise<(entry: Entry) => Tool | null> {
  const ids = context.config.tools.flatMap((t) => (t.kind === 'integration' && typeof t.config.connection_id === 'string' ? [t.config.connection_id] : []));
  const rows = ids.length ? await em.find(IntegrationConnection, { id: ids, organization: context.organizationId }) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (entry) => {
    if (entry.kind !== 'integration') return null;
    const row = typeof entry.config.connection_id === 'string' ? byId.get(entry.config.connection_id) : undefined;
    if (!row || row.status === 'disconnected' || !row.credentialsEncrypted) return null;
    if (row.project && row.project !== context.projectId) return null;
    const which = (typeof entry.config.tool === 'string' ? entry.config.tool : entry.name) as IntegrationToolName;
    if (!TOOLS_OF[row.integration].includes(which)) return null;
    return integrationTool(row, which, entry.name, entry.permission, settings);
  };
}

function integrationTool(row: IntegrationConnection, which: IntegrationToolName, name: string, permission: ToolPermission, settings: EngineSettings): Tool {
  return {
    name,
    description: TOOL_DESCRIPTIONS[which],
    inputSchema: toolInputSchema(which),
    permission,
    async invoke(args, context) {
      const parsed = TOOL_ARGS[which].safeParse(args);
      if (!parsed.success) {
        return {
          status: 'failed',
          result: { error: 'invalid_arguments', message: parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ') },
        };
      }
      let outcome: ToolOutcome;
      try {
        outcome = await run(row, which, parsed.data as Record<string, unknown>, context, settings);
      } catch (error) {
        if (error instanceof ProviderError) {
          outcome = {
            status: 'failed',
            result: {
              error: error.kind,
              message: error.message,
              connection_id: row.id,
              ...(error.retryAfterSeconds !== null ? { retry_after_seconds: error.retryAfterSeconds } : {}),
            },
          };
          if (error.kind === 'auth') await recordConnectionHealth(context.em.fork(), row, error.message, context.sessionId);
          return outcome;
        }
        // Anything unexpected (credentials that no longer decrypt, say) fails this call, not the conversation.
        return { status: 'failed', result: { error: 'tool_error', message: (error as Error)?.message ?? String(error), connection_id: row.id } };
      }
      if (row.status === 'error') await recordConnectionHealth(context.em.fork(), row, null, context.sessionId);
      return outcome;
    },
  };
}

/** The caller's number when it is a phone number (a web call's address is not). */
function callerPhone(context: ToolContext): string | undefined {
  const parsed = tryNormalizePhone(context.caller.address);
  return parsed.ok ? parsed.phone.e164 : undefined;
}

function normalized(phone: string | undefined): string | undefined {
  if (!phone) return undefined;
  const parsed = tryNormalizePhone(phone);
  return parsed.ok ? parsed.phone.e164 : phone;
}

async function run(
  row: IntegrationConnection,
  which: IntegrationToolName,
  args: Record<string, unknown>,
  context: ToolContext,
  settings: EngineSettings,
): Promise<ToolOutcome> {
  const clients = clientsFor(row, settings);
  const key = idempotencyKey(context.sessionId, context.toolCallId ?? `${which}:${JSON.stringify(args)}`);
  const fail = (error: string, message: string): ToolOutcome => ({ status: 'failed', result: { error, message, connection_id: row.id } });

  if (which === 'check_availability' || which === 'book_appointment') {
    const { calendar, settings: cal } = clients.caldav();
    if (which === 'check_availability') {
      const a = args as z.output<typeof TOOL_ARGS.check_availability>;
      const toDate = a.to_date ?? a.from_date;
      const days = Math.round((Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${a.from_date}T00:00:00Z`)) / 86_400_000);
      if (days < 0) return fail('invalid_arguments', 'to_date is before from_date');
      if (days >= MAX_RANGE_DAYS) return fail('invalid_arguments', `Look at most ${MAX_RANGE_DAYS} days at a time`);
      const duration = a.duration_minutes ?? cal.slot_minutes;
      const { slots, truncated } = await calendar.availability({ fromDate: a.from_date, toDate, durationMinutes: duration });
      return {
        status: 'succeeded',
        result: { time_zone: cal.time_zone, from_date: a.from_date, to_date: toDate, duration_minutes: duration, slots, truncated },
      };
    }
    const a = args as z.output<typeof TOOL_ARGS.book_appointment>;
    const m = LOCAL_OR_OFFSET.exec(a.start)!;
    const start = m[7]
      ? Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${m[7].length === 5 ? `${m[7].slice(0, 3)}:${m[7].slice(3)}` : m[7]}`)
      : zonedToUtc({ y: Number(m[1]), mo: Number(m[2]), d: Number(m[3]), h: Number(m[4]), mi: Number(m[5]), s: Number(m[6] ?? 0) }, cal.time_zone);
    const [h, mi, sec] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
    if (Number.isNaN(start) || !realDate(Number(m[1]), Number(m[2]), Number(m[3])) || h > 23 || mi > 59 || sec > 59) {
      return fail('invalid_arguments', `start: ${a.start} is not a real date and time`);
    }
    const end = start + (a.duration_minutes ?? cal.slot_minutes) * 60_000;
    const uid = `vp-${key}`;
    const when = { start: formatInZone(start, cal.time_zone), end: formatInZone(end, cal.time_zone) };
    if (start <= Date.now()) return fail('invalid_arguments', `${when.start} is in the past`);
    if (!calendar.withinBusinessHours(start, end)) {
      return fail(
        'outside_business_hours',
        `${when.start} to ${when.end} is outside business hours (${cal.business_hours.start}-${cal.business_hours.end}, ${cal.time_zone}); offer a slot from check_availability`,
      );
    }
    // Our own event (a repeated call) is not a conflict: the PUT below finds it and reports it booked.
    const conflicts = (await calendar.busy(start, end)).filter((b) => b.uid !== uid);
    if (conflicts.length) return fail('slot_unavailable', `${when.start} is taken; offer another slot from check_availability`);
    const attendee = a.attendee_name ?? context.caller.name ?? null;
    const phone = a.attendee_phone ?? callerPhone(context) ?? null;
    const { created } = await calendar.book({
      uid,
      start,
      end,
      summary: `Appointment: ${attendee ?? phone ?? 'caller'}`,
      description: [
        attendee && `Name: ${attendee}`,
        phone && `Phone: ${phone}`,
        a.note && `Note: ${a.note}`,
        `Booked by the voice agent during call ${context.sessionId}.`,
      ]
        .filter(Boolean)
        .join('\n'),
    });
    return { status: 'succeeded', result: { booked: true, already_booked: !created, event_id: uid, ...when, time_zone: cal.time_zone } };
  }

  if (which === 'lookup_contact' || which === 'create_contact') {
    const crm = clients.hubspot();
    if (which === 'lookup_contact') {
      const a = args as z.output<typeof TOOL_ARGS.lookup_contact>;
      const phone = a.email && !a.phone ? undefined : (normalized(a.phone) ?? callerPhone(context));
      if (!phone && !a.email) return fail('invalid_arguments', "Give a phone number or an email: the caller's address is not a phone number");
      const contacts = await crm.search({ phone, email: a.email });
      return { status: 'succeeded', result: { found: contacts.length > 0, searched: { phone: phone ?? null, email: a.email ?? null }, contacts } };
    }
    const a = args as z.output<typeof TOOL_ARGS.create_contact>;
    const phone = normalized(a.phone) ?? callerPhone(context);
    if (!phone && !a.email) return fail('invalid_arguments', 'Give a phone number or an email for the contact');
    // No idempotency key in HubSpot's API: look first, so a repeated call (or a known caller) does not make a duplicate.
    const existing = await crm.search({ phone, email: a.email });
    if (existing.length) return { status: 'succeeded', result: { created: false, contact: existing[0] } };
    const firstName = a.first_name ?? (a.last_name ? undefined : context.caller.name?.split(/\s+/)[0]);
    const lastName = a.last_name ?? (a.first_name || !context.caller.name ? undefined : context.caller.name.split(/\s+/).slice(1).join(' ') || undefined);
    const { contact, created } = await crm.create({ first_name: firstName, last_name: lastName, email: a.email, phone, company: a.company });
    return { status: 'succeeded', result: { created, contact } };
  }

  const helpdesk = clients.zendesk();
  const a = args as z.output<typeof TOOL_ARGS.open_ticket>;
  const phone = callerPhone(context);
  const ticket = await helpdesk.open({
    subject: a.subject,
    body: `${a.description}\n\n(Opened by the voice agent during call ${context.sessionId}${phone ? ` from ${phone}` : ''}.)`,
    priority: a.priority,
    requester: {
      name: context.caller.name ?? phone ?? context.caller.address,
      ...(a.requester_email ? { email: a.requester_email } : {}),
      ...(phone ? { phone } : {}),
    },
    externalId: context.sessionId,
    tags: ['voice-agent'],
    idempotencyKey: key,
  });
  return { status: 'succeeded', result: { opened: true, ticket_id: ticket.id, status: ticket.status } };
}
