import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { PERMISSIONS, PROJECT_ROLE_NAMES } from '../org/permissions.js';

extendZodWithOpenApi(z);

const RoleName = z
  .string()
  .min(1)
  .max(40)
  .describe('owner, admin, member, viewer, or the id of a custom role (rol_...).');

export const AddMemberBody = z
  .object({
    email: z.email().max(320).describe('Email of an existing user.'),
    role: RoleName,
  })
  .strict()
  .openapi('AddMemberBody');
export type AddMemberBody = z.infer<typeof AddMemberBody>;

export const UpdateMemberBody = z.object({ role: RoleName }).strict().openapi('UpdateMemberBody');
export const UserIdParams = z.object({ user_id: z.string().min(1).max(60) });

export const SetProjectRoleBody = z
  .object({
    user_id: z.string().min(1).max(60),
    project_id: z.string().min(1).max(60),
    role: z.enum(PROJECT_ROLE_NAMES as [string, ...string[]]).nullable().describe('admin, editor or viewer; null removes the project role.'),
  })
  .strict()
  .openapi('SetProjectRoleBody');
export type SetProjectRoleBody = z.infer<typeof SetProjectRoleBody>;

export const CreateRoleBody = z
  .object({
    name: z.string().trim().min(1).max(100).regex(/^[\w .-]+$/, 'letters, digits, spaces, dots, dashes'),
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
