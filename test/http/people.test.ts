import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, unique, type TestTenant } from '../support/factories.js';
import { createUser } from '../../src/modules/people/users.js';
import { addMember, updateMemberRole } from '../../src/modules/people/members.js';
import { createCustomRole } from '../../src/modules/people/roles.js';
import { resolveUserPrincipal } from '../../src/modules/people/resolve-principal.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { DomainError } from '../../src/modules/errors.js';

let t: TestApp;
let a: TestTenant;
let b: TestTenant;
const users: Record<string, { id: string; email: string }> = {};

async function makeUser(tag: string, tenant: TestTenant | null, role?: string) {
  const email = `${unique(tag)}@example.com`.toLowerCase();
  const user = await createUser(t.orm.em.fork(), { email, name: tag, password: 'correct horse battery' });
  if (tenant && role) await addMember(t.orm.em.fork(), systemPrincipal(tenant.organizationId), { email, role });
  users[tag] = { id: user.id, email };
  return users[tag];
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  await makeUser('owner', a, 'owner');
  await makeUser('viewer', a, 'viewer');
  await makeUser('newcomer', null);
  await makeUser('outsider', b, 'owner');
});
afterAll(async () => t.close());

const post = (path: string, body: unknown, tenant = a) =>
  t.request
    .post(path)
    .set(tenant.headers)
    .send(body as object);

describe('members over REST', () => {
  it('lists members with roles and permissions', async () => {
    const res = await t.request.get('/v1/organization/member/list').set(a.headers);
    expect(res.status).toBe(200);
    const emails = res.body.members.map((m: { email: string }) => m.email);
    expect(emails).toEqual([users.owner.email, users.viewer.email]);
    expect(res.body.members[1]).toMatchObject({ role: 'viewer', permissions: expect.arrayContaining(['calls:read']) });
    expect(res.body.members[1].permissions).not.toContain('agents:write');
  });

  it('adds nobody directly over REST (organizations invite: test/http/invitations.test.ts); the CLI still does', async () => {
    const res = await post('/v1/organization/member/add', { email: users.outsider.email, role: 'member' });
    expect([res.status, res.body.code]).toEqual([404, 'ROUTE_NOT_FOUND']);
    expect((await post('/v1/organization/member/add', { email: 'nobody@example.com', role: 'member' })).status).toBe(404);
    // The CLI's domain function: an operator adds an existing user; unknown emails, duplicates and unknown roles are refused.
    const cli = systemPrincipal(a.organizationId);
    await expect(addMember(t.orm.em.fork(), cli, { email: users.newcomer.email, role: 'member' })).resolves.toMatchObject({
      user_id: users.newcomer.id,
      role: 'member',
    });
    await expect(addMember(t.orm.em.fork(), cli, { email: users.newcomer.email, role: 'member' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(addMember(t.orm.em.fork(), cli, { email: 'nobody@example.com', role: 'member' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(addMember(t.orm.em.fork(), cli, { email: users.outsider.email, role: 'emperor' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const list = (await t.request.get('/v1/organization/member/list').set(a.headers)).body.members;
    expect(list.map((m: { email: string }) => m.email)).not.toContain(users.outsider.email);
  });

  it('lets only owners make owners, and never removes or demotes the last owner', async () => {
    // The API client is an admin: it may not create owners.
    const res = await t.request.put(`/v1/organization/member/update/${users.viewer.id}`).set(a.headers).send({ role: 'owner' });
    expect(res.status).toBe(403);
    const owner = await resolveUserPrincipal(t.orm.em.fork(), { userId: users.owner.id, organizationId: a.organizationId, via: 'dashboard' });
    await expect(updateMemberRole(t.orm.em.fork(), owner, users.owner.id, 'admin')).rejects.toMatchObject({ code: 'CONFLICT' });
    const removeLast = await post(`/v1/organization/member/remove/${users.owner.id}`, {});
    expect(removeLast.status).toBe(403); // an admin cannot take the owner role away either
    await expect(
      (async () => {
        const { removeMember } = await import('../../src/modules/people/members.js');
        await removeMember(t.orm.em.fork(), owner, users.owner.id);
      })(),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    // With a second owner, the first can step down.
    await updateMemberRole(t.orm.em.fork(), owner, users.viewer.id, 'owner');
    await updateMemberRole(t.orm.em.fork(), owner, users.owner.id, 'admin');
    const list = (await t.request.get('/v1/organization/member/list').set(a.headers)).body.members;
    expect(list.find((m: { user_id: string }) => m.user_id === users.owner.id).role).toBe('admin');
    const newOwner = await resolveUserPrincipal(t.orm.em.fork(), { userId: users.viewer.id, organizationId: a.organizationId, via: 'dashboard' });
    await updateMemberRole(t.orm.em.fork(), newOwner, users.owner.id, 'owner');
    await updateMemberRole(t.orm.em.fork(), newOwner, users.viewer.id, 'viewer');
  });

  it('never lets anyone grant permissions they do not hold', async () => {
    const limited = await createCustomRole(t.orm.em.fork(), systemPrincipal(a.organizationId), {
      name: unique('people-manager'),
      permissions: ['members:manage', 'calls:read'],
    });
    const manager = await makeUser('manager', a, limited.role_id!);
    const principal = await resolveUserPrincipal(t.orm.em.fork(), { userId: manager.id, organizationId: a.organizationId, via: 'mcp' });
    const stranger = await makeUser('stranger', null);
    await expect(addMember(t.orm.em.fork(), principal, { email: stranger.email, role: 'admin' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      details: expect.objectContaining({ missing_permissions: expect.arrayContaining(['agents:write']) }),
    });
    await expect(createCustomRole(t.orm.em.fork(), principal, { name: unique('sneaky'), permissions: ['billing:read'] })).rejects.toBeInstanceOf(DomainError);
    // Within their own permissions it works.
    const narrow = await createCustomRole(t.orm.em.fork(), principal, { name: unique('reader'), permissions: ['calls:read'] });
    await expect(addMember(t.orm.em.fork(), principal, { email: stranger.email, role: narrow.role_id! })).resolves.toMatchObject({ role: narrow.role_id });
  });

  it('custom roles over REST: create, list, refuse unknown permissions and duplicates', async () => {
    const name = unique('Support lead');
    const res = await post('/v1/role/create', { name, permissions: ['calls:read', 'recordings:read', 'calls:read'] });
    expect(res.status).toBe(201);
    expect(res.body.role).toMatchObject({ role_id: expect.stringMatching(/^rol_/), name, built_in: false, permissions: ['calls:read', 'recordings:read'] });
    expect((await post('/v1/role/create', { name, permissions: ['calls:read'] })).status).toBe(409);
    const bad = await post('/v1/role/create', { name: unique('x'), permissions: ['calls:delete'] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toMatch(/^body\.permissions/);
    const roles = (await t.request.get('/v1/role/list').set(a.headers)).body.roles;
    expect(roles.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['owner', 'admin', 'member', 'viewer', name]));
  });

  it('project roles add permissions inside their project only, and role changes apply at once', async () => {
    const { createProject } = await import('../../src/modules/org/create-project.js');
    const project = await createProject(t.orm.em.fork(), systemPrincipal(a.organizationId), { name: unique('Project') });
    const res = await post('/v1/project/member/set', { user_id: users.viewer.id, project_id: project.project_id, role: 'editor' });
    expect(res.status).toBe(200);
    expect(res.body.member.project_roles).toEqual([{ project_id: project.project_id, role: 'editor' }]);
    const inProject = await resolveUserPrincipal(t.orm.em.fork(), {
      userId: users.viewer.id,
      organizationId: a.organizationId,
      projectId: project.project_id,
      via: 'mcp',
    });
    const elsewhere = await resolveUserPrincipal(t.orm.em.fork(), {
      userId: users.viewer.id,
      organizationId: a.organizationId,
      projectId: a.projectId,
      via: 'mcp',
    });
    expect(inProject.permissions.has('agents:write')).toBe(true);
    expect(elsewhere.permissions.has('agents:write')).toBe(false);
    await post('/v1/project/member/set', { user_id: users.viewer.id, project_id: project.project_id, role: null });
    const after = await resolveUserPrincipal(t.orm.em.fork(), {
      userId: users.viewer.id,
      organizationId: a.organizationId,
      projectId: project.project_id,
      via: 'mcp',
    });
    expect(after.permissions.has('agents:write')).toBe(false);
    expect((await post('/v1/project/member/set', { user_id: users.viewer.id, project_id: 'prj_nope', role: 'viewer' })).status).toBe(404);
    expect((await post('/v1/project/member/set', { user_id: users.outsider.id, project_id: project.project_id, role: 'viewer' })).status).toBe(404);
  });

  it('a removed member loses access on the next request', async () => {
    const leaver = await makeUser('leaver', a, 'member');
    await resolveUserPrincipal(t.orm.em.fork(), { userId: leaver.id, organizationId: a.organizationId, via: 'mcp' });
    const res = await post(`/v1/organization/member/remove/${leaver.id}`, {});
    expect(res.status).toBe(200);
    await expect(resolveUserPrincipal(t.orm.em.fork(), { userId: leaver.id, organizationId: a.organizationId, via: 'mcp' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('keeps organizations apart', async () => {
    expect((await t.request.put(`/v1/organization/member/update/${users.outsider.id}`).set(a.headers).send({ role: 'viewer' })).status).toBe(404);
    const list = (await t.request.get('/v1/organization/member/list').set(b.headers)).body.members;
    expect(list.map((m: { email: string }) => m.email)).toEqual([users.outsider.email]);
  });
});

describe('audit log', () => {
  it('records who changed what, through which surface, and pages newest first', async () => {
    const res = await t.request.get('/v1/audit_log/list?page_size=3').set(a.headers);
    expect(res.status).toBe(200);
    expect(res.body.events).toHaveLength(3);
    const all: { action: string; via: string; actor: { type: string; id: string | null } }[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { events: typeof all; next_cursor: string | null } } = await t.request
        .get(`/v1/audit_log/list?page_size=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
        .set(a.headers);
      expect(page.body).toMatchObject({ events: expect.any(Array) });
      all.push(...page.body.events);
      cursor = page.body.next_cursor;
    } while (cursor);
    const restRemovals = all.filter((e) => e.action === 'member.remove' && e.via === 'rest');
    expect(restRemovals).toEqual([expect.objectContaining({ actor: expect.objectContaining({ type: 'api_client', id: a.clientId }) })]);
    expect(all.filter((e) => e.via === 'cli').length).toBeGreaterThan(0);
    expect(new Set(all.map((e) => e.action))).toEqual(
      new Set(['member.add', 'member.update_role', 'member.remove', 'member.set_project_role', 'role.create', 'project.create']),
    );
    const onlyRemovals = await t.request.get('/v1/audit_log/list?action=member.remove').set(a.headers);
    expect(onlyRemovals.body.events.every((e: { action: string }) => e.action === 'member.remove')).toBe(true);
    // Another organization sees none of it; a viewer client may not read it.
    expect((await t.request.get('/v1/audit_log/list?action=member.remove&via=rest').set(b.headers)).body.events).toEqual([]);
    const viewer = await createTenant(t, 'viewer');
    expect((await t.request.get('/v1/audit_log/list').set(viewer.headers)).status).toBe(403);
    expect((await t.request.get('/v1/audit_log/list?via=carrier-pigeon').set(a.headers)).status).toBe(400);
  });
});
