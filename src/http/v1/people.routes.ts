import { z } from 'zod';
import {
  CreateInvitationBody,
  CreateRoleBody,
  InvitationIdParams,
  InvitationView,
  ListInvitationsQuery,
  MemberView,
  RoleView,
  SetProjectRoleBody,
  UpdateMemberBody,
  UserIdParams,
} from '../../modules/people/people.schemas.js';
import { listMembers, removeMember, setProjectRole, updateMemberRole } from '../../modules/people/members.js';
import { createInvitation } from '../../modules/people/create-invitation.js';
import { listInvitations } from '../../modules/people/list-invitations.js';
import { revokeInvitation } from '../../modules/people/revoke-invitation.js';
import { createCustomRole, listRoles } from '../../modules/people/roles.js';
import { ListAuditQuery, ListAuditResponse } from '../../modules/audit/audit.schemas.js';
import { listAuditEvents } from '../../modules/audit/list-audit-events.js';
import { route } from '../route.js';
import { listAnswer, PageQuery, pageFields } from '../../modules/paging.js';

const tag = 'Members and roles';
const MemberResponse = z.object({ member: MemberView }).openapi('MemberResponse');
const InvitationResponse = z.object({ invitation: InvitationView }).openapi('InvitationResponse');

export const peopleRoutes = [
  route({
    method: 'get',
    path: '/v1/organization/member/list',
    operationId: 'listMembers',
    tag,
    summary: 'Members of the organization with their roles and project roles',
    permission: 'org:read',
    query: PageQuery,
    response: z.object({ members: z.array(MemberView), ...pageFields }).openapi('ListMembersResponse'),
    handler: async ({ em, principal, query }) => listAnswer('members', await listMembers(em, principal.organizationId, query)),
  }),
  // No route adds a member directly (the CLI does, for operators): an organization invites, the person accepts.
  route({
    method: 'post',
    path: '/v1/organization/invitation/create',
    operationId: 'createInvitation',
    tag,
    summary: 'Invite a person by email to join the organization with a role',
    description:
      'The person joins by accepting the invitation while signed in to the dashboard (/dashboard/invitations). ' +
      'The answer is the same whether or not an account with the email exists or is a member already. ' +
      'Nobody invites with a role holding permissions they do not have; only owners invite owners. ' +
      'A new invitation replaces an unanswered one to the same email.',
    permission: 'members:manage',
    body: CreateInvitationBody,
    response: InvitationResponse,
    status: 201,
    handler: async ({ em, principal, body }) => ({ invitation: await createInvitation(em, principal, body) }),
  }),
  route({
    method: 'get',
    path: '/v1/organization/invitation/list',
    operationId: 'listInvitations',
    tag,
    summary: "The organization's invitations, newest first",
    permission: 'members:manage',
    query: ListInvitationsQuery,
    response: z.object({ invitations: z.array(InvitationView), has_more: z.boolean(), next_cursor: z.string().nullable() }).openapi('ListInvitationsResponse'),
    handler: ({ em, principal, query }) => listInvitations(em, principal.organizationId, query),
  }),
  route({
    method: 'post',
    path: '/v1/organization/invitation/revoke/{invitation_id}',
    operationId: 'revokeInvitation',
    tag,
    summary: 'Withdraw an invitation that was not answered yet',
    description: 'An accepted or declined invitation cannot be revoked (409). Revoking twice is a no-op.',
    permission: 'members:manage',
    params: InvitationIdParams,
    response: InvitationResponse,
    handler: async ({ em, principal, params }) => ({ invitation: await revokeInvitation(em, principal, params.invitation_id) }),
  }),
  route({
    method: 'put',
    path: '/v1/organization/member/update/{user_id}',
    operationId: 'updateMember',
    tag,
    summary: "Change a member's organization role",
    description: 'The last owner cannot be demoted (409).',
    permission: 'members:manage',
    params: UserIdParams,
    body: UpdateMemberBody,
    response: MemberResponse,
    handler: async ({ em, principal, params, body }) => ({ member: await updateMemberRole(em, principal, params.user_id, body.role) }),
  }),
  route({
    method: 'post',
    path: '/v1/organization/member/remove/{user_id}',
    operationId: 'removeMember',
    tag,
    summary: 'Remove a member from the organization',
    description: 'The last owner cannot be removed (409). Their assistant sign-ins stop working on the next request.',
    permission: 'members:manage',
    params: UserIdParams,
    response: z.object({ removed: z.literal(true), user_id: z.string() }),
    handler: async ({ em, principal, params }) => {
      await removeMember(em, principal, params.user_id);
      return { removed: true as const, user_id: params.user_id };
    },
  }),
  route({
    method: 'post',
    path: '/v1/project/member/set',
    operationId: 'setProjectRole',
    tag,
    summary: "Set or clear a member's role in one project",
    permission: 'members:manage',
    body: SetProjectRoleBody,
    response: MemberResponse,
    handler: async ({ em, principal, body }) => ({ member: await setProjectRole(em, principal, body) }),
  }),
  route({
    method: 'get',
    path: '/v1/role/list',
    operationId: 'listRoles',
    tag,
    summary: 'Built-in and custom roles with their permissions',
    permission: 'org:read',
    query: PageQuery,
    response: z.object({ roles: z.array(RoleView), ...pageFields }).openapi('ListRolesResponse'),
    handler: async ({ em, principal, query }) => listAnswer('roles', await listRoles(em, principal.organizationId, query)),
  }),
  route({
    method: 'post',
    path: '/v1/role/create',
    operationId: 'createRole',
    tag,
    summary: 'Create a custom role from named permissions',
    permission: 'members:manage',
    body: CreateRoleBody,
    response: z.object({ role: RoleView }).openapi('RoleResponse'),
    status: 201,
    handler: async ({ em, principal, body }) => ({ role: await createCustomRole(em, principal, body) }),
  }),
  route({
    method: 'get',
    path: '/v1/audit_log/list',
    operationId: 'listAuditLog',
    tag: 'Audit log',
    summary: 'Changes made through REST, MCP, the dashboard and the CLI, newest first',
    permission: 'audit:read',
    query: ListAuditQuery,
    response: ListAuditResponse,
    handler: ({ em, principal, query }) => listAuditEvents(em, principal.organizationId, query),
  }),
];
