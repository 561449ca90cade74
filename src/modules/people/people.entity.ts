import { defineEntity, p } from '@mikro-orm/core';
import { Organization, Project } from '../org/org.entity.js';

/** A person who signs in to the dashboard (and through it, to assistants over MCP). */
const UserSchema = defineEntity({
  name: 'User',
  tableName: 'app_user',
  properties: {
    id: p.string().primary().length(40),
    /** Stored lower-case; unique. */
    email: p.string().length(320).unique(),
    name: p.string().length(200),
    /** scrypt: `scrypt$N$r$p$salt$hash` (modules/people/passwords.ts). */
    passwordHash: p.string().length(300),
    disabledAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class User extends UserSchema.class {}
UserSchema.setClass(User);

/**
 * A named set of permissions an organization defines for itself. A
 * membership's role is a built-in role name or the id of one of these.
 */
const CustomRoleSchema = defineEntity({
  name: 'CustomRole',
  tableName: 'custom_role',
  uniques: [{ properties: ['organization', 'name'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    name: p.string().length(100),
    description: p.text().nullable(),
    permissions: p.json<string[]>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class CustomRole extends CustomRoleSchema.class {}
CustomRoleSchema.setClass(CustomRole);

/** A user's membership of an organization, with its organization role. */
const MembershipSchema = defineEntity({
  name: 'Membership',
  tableName: 'membership',
  uniques: [{ name: 'membership_org_user_unique', properties: ['organization', 'user'] }],
  indexes: [{ properties: ['user'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    user: () => p.manyToOne(User).mapToPk().deleteRule('cascade'),
    /** owner | admin | member | viewer, or a custom role id (rol_...). */
    role: p.string().length(40),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class Membership extends MembershipSchema.class {}
MembershipSchema.setClass(Membership);

/** A role within one project, adding to what the organization role grants there. */
const ProjectMemberSchema = defineEntity({
  name: 'ProjectMember',
  tableName: 'project_member',
  uniques: [{ name: 'project_member_unique', properties: ['project', 'user'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    project: () => p.manyToOne(Project).mapToPk().deleteRule('cascade'),
    user: () => p.manyToOne(User).mapToPk().deleteRule('cascade'),
    /** admin | editor | viewer */
    role: p.string().length(20),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class ProjectMember extends ProjectMemberSchema.class {}
ProjectMemberSchema.setClass(ProjectMember);

/** Who created an invitation, as the audit log names actors. */
export interface InvitedBy {
  type: 'api_client' | 'user' | 'system';
  id: string | null;
  name: string | null;
}

/**
 * An invitation to join an organization with a role, addressed to an email.
 * It makes nobody a member by itself: the person with that email accepts it
 * while signed in to the dashboard (consent). It holds no reference to a user
 * until then, so creating one neither needs nor reveals whether an account
 * with the email exists. At most one unanswered invitation per organization
 * and email (a new one replaces it).
 */
const InvitationSchema = defineEntity({
  name: 'Invitation',
  tableName: 'invitation',
  indexes: [
    { name: 'invitation_org_idx', properties: ['organization', 'id'] },
    { name: 'invitation_email_idx', properties: ['email'] },
    {
      name: 'invitation_open_unique',
      expression:
        'create unique index "invitation_open_unique" on "invitation" ("organization_id", "email") where "accepted_at" is null and "declined_at" is null and "revoked_at" is null',
    },
  ],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    /** Stored lower-case, as User.email. */
    email: p.string().length(320),
    /** owner | admin | member | viewer, or a custom role id (rol_...). */
    role: p.string().length(40),
    invitedBy: p.json<InvitedBy>(),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    acceptedBy: () => p.manyToOne(User).mapToPk().nullable().deleteRule('set null'),
    declinedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Invitation extends InvitationSchema.class {}
InvitationSchema.setClass(Invitation);

export const peopleEntities = [User, CustomRole, Membership, ProjectMember, Invitation];
