import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { PERMISSIONS, PROJECT_ROLE_NAMES } from '../org/permissions.js';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../calls/calls.schemas.js';

extendZodWithOpenApi(z);

const RoleName = z.string().min(1).max(40).describe('owner, admin, member, viewer, or the id of a custom role (rol_...).');

/** Adding a member directly: the CLI only (an operator of the platform); organizations invite (below). */
export const AddMemberBody = z
  .object({
    email: z.email().max(320).describe('Email of an existing user.'),
    role: RoleName,
  })
  .strict();
export type AddMemberBody = z.infer<typeof AddMemberBody>;

export const INVITATION_DAYS = { default: 7, min: 1, max: 30 } as const;

export const CreateInvitationBody = z
  .object({
    email: z.email().max(320).describe('Email of the person to invite. The answer is the same whether or not anyone has an account with this email.'),
    role: RoleName,
    expires_in_days: z
      .number()
      .int()
      .min(INVITATION_DAYS.min)
      .max(INVITATION_DAYS.max)
      .default(INVITATION_DAYS.default)
      .describe(`Days until the invitation expires, ${INVITATION_DAYS.min} to ${INVITATION_DAYS.max}; default ${INVITATION_DAYS.default}.`),
  })
  .strict()
  .openapi('CreateInvitationBody');
export type CreateInvitationBody = z.output<typeof CreateInvitationBody>;

export const InvitationIdParams = z.object({ invitation_id: z.string().min(1).max(60) });

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const ListInvitationsQuery = z
  .object({
    status: z.enum(INVITATION_STATUSES).optional().describe('Only invitations in this state.'),
    page_size: z.coerce
      .number()
      .int()
      .min(1)
      .max(PAGE_SIZE_MAX)
      .default(PAGE_SIZE_DEFAULT)
      .describe(`Invitations per page, 1 to ${PAGE_SIZE_MAX}; default ${PAGE_SIZE_DEFAULT}.`),
    cursor: z.string().max(500).optional().describe('next_cursor of the previous page; send the same filters.'),
  })
  .strict();
export type ListInvitationsQuery = z.output<typeof ListInvitationsQuery>;

export const InvitationView = z
  .object({
    invitation_id: z.string(),
    email: z.string().describe('Lower-case.'),
    role: z.string(),
    status: z.enum(INVITATION_STATUSES),
    invited_by: z.object({ type: z.string(), id: z.string().nullable(), name: z.string().nullable() }),
    expires_at: z.string(),
    created_at: z.string(),
    accepted_at: z.string().nullable(),
    accepted_by: z.string().nullable().describe('The user id of the member it made, once accepted.'),
    declined_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .openapi('Invitation');
export type InvitationView = z.infer<typeof InvitationView>;

export const UpdateMemberBody = z.object({ role: RoleName }).strict().openapi('UpdateMemberBody');
export const UserIdParams = z.object({ user_id: z.string().min(1).max(60) });

export const SetProjectRoleBody = z
  .object({
    user_id: z.string().min(1).max(60),
    project_id: z.string().min(1).max(60),
    role: z
      .enum(PROJECT_ROLE_NAMES as [string, ...string[]])
      .nullable()
      .describe('admin, editor or viewer; null removes the project role.'),
  })
  .strict()
  .openapi('SetProjectRoleBody');
export type SetProjectRoleBody = z.infer<typeof SetProjectRoleBody>;

export const CreateRoleBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[\w .-]+$/, 'letters, digits, spaces, dots, dashes'),
    description: z.string().max(1000).optional(),
    permissions: z.array(z.enum(PERMISSIONS)).min(1).describe('Permissions the role grants, e.g. calls:read, agents:write.'),
  })
  .strict()
  .openapi('CreateRoleBody');
export type CreateRoleBody = z.infer<typeof CreateRoleBody>;

export const MemberView = z
  .object({
    user_id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.string(),
    permissions: z.array(z.string()),
    project_roles: z.array(z.object({ project_id: z.string(), role: z.string() })),
    joined_at: z.string(),
  })
  .openapi('Member');
export type MemberView = z.infer<typeof MemberView>;

export const RoleView = z
  .object({
    role_id: z.string().nullable().describe('Null for built-in roles.'),
    name: z.string(),
    built_in: z.boolean(),
    description: z.string().nullable(),
    permissions: z.array(z.string()),
  })
  .openapi('Role');
export type RoleView = z.infer<typeof RoleView>;
