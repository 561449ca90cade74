import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, unique, type TestTenant } from '../support/factories.js';
import { Browser, createTestUser, hiddenField } from '../support/oauth-flow.js';
import { createUser } from '../../src/modules/people/users.js';
import { createCustomRole } from '../../src/modules/people/roles.js';
import { createInvitation } from '../../src/modules/people/create-invitation.js';
import { resolveUserPrincipal } from '../../src/modules/people/resolve-principal.js';
import { Invitation, Membership } from '../../src/modules/people/people.entity.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';

/**
 * Invitations replace adding a member by email over REST: an organization
 * invites an email (the answer never reveals whether an account exists), the
 * person accepts signed in to the dashboard. Driven over real HTTP: REST with
 * an API client, the dashboard with a cookie jar through its sign-in form.
 */
let s: TestServer;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  s = await startTestServer();
  a = await createTenant(s);
  b = await createTenant(s);
});
afterAll(async () => s?.close());

const PASSWORD = 'correct horse battery staple';

/** A person with an account and no membership anywhere. */
async function newPerson(tag = 'person') {
  const email = `${unique(tag).toLowerCase()}@example.test`;
  const user = await createUser(s.orm.em.fork(), { email, name: tag, password: PASSWORD });
  return { userId: user.id, email, password: PASSWORD };
}

const invite = (body: Record<string, unknown>, tenant = a) => s.request.post('/v1/organization/invitation/create').set(tenant.headers).send(body);

async function invitationOf(tenant: TestTenant, id: string) {
  const res = await s.request.get('/v1/organization/invitation/list?page_size=100').set(tenant.headers);
  expect(res.status).toBe(200);
  return res.body.invitations.find((i: { invitation_id: string }) => i.invitation_id === id);
}

async function membersOf(tenant: TestTenant): Promise<{ user_id: string; email: string; role: string }[]> {
  return (await s.request.get('/v1/organization/member/list').set(tenant.headers)).body.members;
}

/** Signs in through the dashboard's real sign-in form, landing on the console's Invitations page. */
async function signIn(user: { email: string; password: string }): Promise<Browser> {
  const browser = new Browser();
  const url = `${s.baseUrl}/dashboard/sign-in?return_to=${encodeURIComponent('/dashboard/app/invitations')}`;
  const form = await browser.fetch(url);
  const res = await browser.postForm(url, { csrf: hiddenField(await form.text(), 'csrf'), email: user.email, password: user.password });
  expect([res.status, res.headers.get('location')]).toEqual([303, '/dashboard/app/invitations']);
  return browser;
}

/** What the console's Invitations page reads (src/dashboard/console-api.ts), as text. */
async function invitationsPage(browser: Browser): Promise<string> {
  const res = await browser.fetch(`${s.baseUrl}/dashboard/api/invitations`);
  expect(res.status).toBe(200);
  return res.text();
}

/** Accept or Decline as the page's buttons do, with the page's CSRF token (or `csrf`). */
async function answer(browser: Browser, invitationId: string, move: 'accept' | 'decline', csrf?: string) {
  const session = (await (await browser.fetch(`${s.baseUrl}/dashboard/api/session`)).json()) as { csrf_token: string };
  return browser.fetch(`${s.baseUrl}/dashboard/api/invitations/${invitationId}/${move}`, {
    method: 'POST',
    headers: { 'x-csrf-token': csrf ?? session.csrf_token },
  });
}

describe('POST /v1/organization/invitation/create', () => {
  it('answers the same for an email with an account elsewhere, one without an account, and a member already', async () => {
    const elsewhere = await createTestUser(s.orm.em.fork(), b.organizationId, 'owner');
    const member = await createTestUser(s.orm.em.fork(), a.organizationId, 'viewer');
    const nobody = `${unique('nobody').toLowerCase()}@example.test`;
    const responses = [];
    for (const email of [elsewhere.email, nobody, member.email]) responses.push(await invite({ email, role: 'member' }));
    // Everything but the per-invitation values is identical: same status, same headers' kinds, same body.
    const normalized = responses.map((res, i) => {
      expect(res.status).toBe(201);
      expect(res.type).toBe('application/json');
      const inv = res.body.invitation;
      expect(inv.email).toBe([elsewhere.email, nobody, member.email][i]);
      expect(inv.invitation_id).toMatch(/^inv_/);
      return { ...res.body, invitation: { ...inv, invitation_id: 'ID', email: 'EMAIL', created_at: 'T', expires_at: 'T' } };
    });
    expect(normalized[1]).toEqual(normalized[0]);
    expect(normalized[2]).toEqual(normalized[0]);
    expect(normalized[0]).toEqual({
      invitation: {
        invitation_id: 'ID',
        email: 'EMAIL',
        role: 'member',
        status: 'pending',
        invited_by: { type: 'api_client', id: a.clientId, name: 'test client' },
        expires_at: 'T',
        created_at: 'T',
        accepted_at: null,
        accepted_by: null,
        declined_at: null,
        revoked_at: null,
      },
    });
    // Nobody was added anywhere: the person with an account in b is not a member of a, the member keeps their role.
    const members = await membersOf(a);
    expect(members.map((m) => m.email)).not.toContain(elsewhere.email);
    expect(members.find((m) => m.email === member.email)?.role).toBe('viewer');
    // Seven days by default, settable within 1 to 30.
    const inv = responses[1].body.invitation;
    expect(Date.parse(inv.expires_at) - Date.parse(inv.created_at)).toBe(7 * 24 * 3600 * 1000);
    const short = await invite({ email: `${unique('short')}@example.test`, role: 'viewer', expires_in_days: 2 });
    expect(Date.parse(short.body.invitation.expires_at) - Date.parse(short.body.invitation.created_at)).toBe(2 * 24 * 3600 * 1000);
  });

  it('normalizes the email and replaces an unanswered invitation to the same email', async () => {
    const local = unique('Mixed');
    const first = await invite({ email: `${local}@Example.TEST`, role: 'viewer' });
    expect(first.body.invitation.email).toBe(`${local}@example.test`.toLowerCase());
    const second = await invite({ email: `${local.toLowerCase()}@example.test`, role: 'member' });
    expect(second.status).toBe(201);
    expect((await invitationOf(a, first.body.invitation.invitation_id)).status).toBe('revoked');
    expect((await invitationOf(a, second.body.invitation.invitation_id)).status).toBe('pending');
  });

  it('refuses bad input with the offending field', async () => {
    for (const [body, field] of [
      [{ email: 'not-an-email', role: 'member' }, 'body.email'],
      [{ email: 'x@example.test', role: 'emperor' }, 'body.role'],
      [{ email: 'x@example.test', role: 'member', expires_in_days: 0 }, 'body.expires_in_days'],
      [{ email: 'x@example.test', role: 'member', expires_in_days: 31 }, 'body.expires_in_days'],
      [{ email: 'x@example.test', role: 'member', user_id: 'usr_x' }, 'body'],
    ] as const) {
      const res = await invite(body);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.body.errors.map((e: { field: string }) => e.field).join(' ')).toContain(field);
    }
  });

  it('is forbidden without members:manage, and nobody invites with a role above their own', async () => {
    for (const role of ['viewer', 'member']) {
      const client = await createTenant(s, role);
      const res = await invite({ email: `${unique('x')}@example.test`, role: 'viewer' }, client);
      expect([res.status, res.body.required_permission]).toEqual([403, 'members:manage']);
      expect((await s.request.get('/v1/organization/invitation/list').set(client.headers)).status).toBe(403);
    }
    // An admin client may not invite an owner.
    const owner = await invite({ email: `${unique('x')}@example.test`, role: 'owner' });
    expect([owner.status, owner.body.code]).toEqual([403, 'FORBIDDEN']);
    // A person whose custom role manages members but holds only calls:read cannot invite an admin.
    const limited = await createCustomRole(s.orm.em.fork(), systemPrincipal(a.organizationId), {
      name: unique('people-manager'),
      permissions: ['members:manage', 'calls:read'],
    });
    const manager = await createTestUser(s.orm.em.fork(), a.organizationId, limited.role_id!);
    const principal = await resolveUserPrincipal(s.orm.em.fork(), { userId: manager.userId, organizationId: a.organizationId, via: 'mcp' });
    await expect(createInvitation(s.orm.em.fork(), principal, { email: 'y@example.test', role: 'admin', expires_in_days: 7 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      details: expect.objectContaining({ missing_permissions: expect.arrayContaining(['agents:write']) }),
    });
    const narrow = await createCustomRole(s.orm.em.fork(), principal, { name: unique('reader'), permissions: ['calls:read'] });
    await expect(createInvitation(s.orm.em.fork(), principal, { email: 'y@example.test', role: narrow.role_id!, expires_in_days: 7 })).resolves.toMatchObject({
      role: narrow.role_id,
      status: 'pending',
    });
    expect(await s.orm.em.fork().count(Invitation, { organization: a.organizationId, email: 'y@example.test', role: 'admin' })).toBe(0);
  });
});

describe('adding a member directly', () => {
  it('is no longer possible over REST: the route is gone, the person is not added', async () => {
    const person = await newPerson('direct');
    const res = await s.request.post('/v1/organization/member/add').set(a.headers).send({ email: person.email, role: 'admin' });
    expect([res.status, res.body.code]).toEqual([404, 'ROUTE_NOT_FOUND']);
    expect((await membersOf(a)).map((m) => m.email)).not.toContain(person.email);
    const doc = (await s.request.get('/v1/openapi.json')).body;
    expect(doc.paths['/v1/organization/member/add']).toBeUndefined();
    expect(doc.paths['/v1/organization/invitation/create'].post.operationId).toBe('createInvitation');
  });
});

describe('accepting on the dashboard', () => {
  it('the invitee sees the invitation, accepts it and becomes a member with the invited role, once', async () => {
    const person = await newPerson('invitee');
    const role = await createCustomRole(s.orm.em.fork(), systemPrincipal(a.organizationId), { name: unique('Support <lead>'), permissions: ['calls:read'] });
    const created = await invite({ email: person.email, role: role.role_id });
    const id = created.body.invitation.invitation_id;

    const out = await new Browser().fetch(`${s.baseUrl}/dashboard/invitations`);
    expect([out.status, out.headers.get('location')]).toEqual([303, '/dashboard/app/invitations']);
    const app = await new Browser().fetch(`${s.baseUrl}/dashboard/app/invitations`);
    expect([app.status, app.headers.get('location')]).toEqual([303, '/dashboard/sign-in?return_to=%2Fdashboard%2Fapp%2Finvitations']);
    expect((await new Browser().fetch(`${s.baseUrl}/dashboard/api/invitations`)).status).toBe(401);

    const browser = await signIn(person);
    const res = await browser.fetch(`${s.baseUrl}/dashboard/app/invitations`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const listed = JSON.parse(await invitationsPage(browser)) as { invitations: { invitation_id: string; role_name: string }[] };
    expect(listed.invitations).toEqual([expect.objectContaining({ invitation_id: id, role_name: role.name })]);
    expect(await (await browser.fetch(`${s.baseUrl}/dashboard/sign-out`)).text()).toContain('<a href="/dashboard/app/invitations" id="nav-invitations">');

    // Without the page's CSRF token the answer is refused.
    const forged = await answer(browser, id, 'accept', 'forged');
    expect(forged.status).toBe(403);
    expect((await membersOf(a)).map((m) => m.email)).not.toContain(person.email);

    const accepted = await answer(browser, id, 'accept');
    expect([accepted.status, await accepted.json()]).toEqual([200, { answer: 'accepted' }]);
    expect(JSON.parse(await invitationsPage(browser))).toEqual({ invitations: [] });
    const member = (await membersOf(a)).find((m) => m.email === person.email);
    expect(member).toMatchObject({ user_id: person.userId, role: role.role_id });
    expect(await invitationOf(a, id)).toMatchObject({ status: 'accepted', accepted_by: person.userId, accepted_at: expect.any(String) });
    const principal = await resolveUserPrincipal(s.orm.em.fork(), { userId: person.userId, organizationId: a.organizationId, via: 'dashboard' });
    expect(principal.permissions.has('calls:read')).toBe(true);

    // Single use.
    const again = await answer(browser, id, 'accept');
    expect(again.status).toBe(409);
    expect(await s.orm.em.fork().count(Membership, { organization: a.organizationId, user: person.userId })).toBe(1);

    // In the audit log: who accepted, through the dashboard.
    const audit = await s.request.get('/v1/audit_log/list?action=invitation.accept').set(a.headers);
    expect(audit.body.events.find((e: { target: { id: string } }) => e.target.id === id)).toMatchObject({
      via: 'dashboard',
      actor: { type: 'user', id: person.userId, name: person.email },
      data: expect.objectContaining({ role: role.role_id, user_id: person.userId }),
    });
  });

  it('a member already keeps their role, and only they learn it', async () => {
    const member = await createTestUser(s.orm.em.fork(), a.organizationId, 'viewer');
    const created = await invite({ email: member.email, role: 'member' });
    const browser = await signIn(member);
    const res = await answer(browser, created.body.invitation.invitation_id, 'accept');
    expect(await res.json()).toEqual({ answer: 'already' });
    expect((await membersOf(a)).find((m) => m.email === member.email)?.role).toBe('viewer');
  });

  it('refuses expired, revoked, declined and answered invitations, and those of another person (404 as for none)', async () => {
    const person = await newPerson('refused');
    const browser = await signIn(person);
    const em = s.orm.em.fork();

    const expired = (await invite({ email: person.email, role: 'viewer' })).body.invitation.invitation_id;
    await em.nativeUpdate(Invitation, { id: expired }, { expiresAt: new Date(Date.now() - 1000) });
    expect(await invitationsPage(browser)).not.toContain(expired);
    const late = await answer(browser, expired, 'accept');
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('expired');
    expect((await invitationOf(a, expired)).status).toBe('expired');

    const revoked = (await invite({ email: person.email, role: 'viewer' })).body.invitation.invitation_id;
    const revoke = await s.request.post(`/v1/organization/invitation/revoke/${revoked}`).set(a.headers);
    expect([revoke.status, revoke.body.invitation.status]).toEqual([200, 'revoked']);
    expect((await s.request.post(`/v1/organization/invitation/revoke/${revoked}`).set(a.headers)).status).toBe(200);
    expect(await invitationsPage(browser)).not.toContain(revoked);
    expect((await answer(browser, revoked, 'accept')).status).toBe(409);

    const declined = (await invite({ email: person.email, role: 'viewer' })).body.invitation.invitation_id;
    expect(await (await answer(browser, declined, 'decline')).json()).toEqual({ answer: 'declined' });
    expect((await invitationOf(a, declined)).status).toBe('declined');
    expect((await answer(browser, declined, 'accept')).status).toBe(409);
    expect((await s.request.post(`/v1/organization/invitation/revoke/${declined}`).set(a.headers)).status).toBe(409);

    // Someone else's invitation: not on their page, and answering it reads exactly like an id that does not exist.
    const other = await newPerson('other');
    const theirs = (await invite({ email: other.email, role: 'admin' })).body.invitation.invitation_id;
    expect(await invitationsPage(browser)).not.toContain(theirs);
    const wrongUser = await answer(browser, theirs, 'accept');
    const missing = await answer(browser, 'inv_01JZZZZZZZZZZZZZZZZZZZZZZZ', 'accept');
    expect([wrongUser.status, missing.status]).toEqual([404, 404]);
    // The same problem, but for the address and the request id.
    const told = async (r: Response, id: string) => {
      const { instance: _instance, request_id: _requestId, ...problem } = (await r.json()) as Record<string, unknown>;
      return JSON.stringify(problem).replaceAll(id, 'ID');
    };
    expect(await told(wrongUser, theirs)).toBe(await told(missing, 'inv_01JZZZZZZZZZZZZZZZZZZZZZZZ'));
    expect((await answer(browser, theirs, 'decline')).status).toBe(404);
    expect((await invitationOf(a, theirs)).status).toBe('pending');

    expect((await membersOf(a)).map((m) => m.email)).not.toContain(person.email);
    // The accepted one cannot be revoked afterwards; the rightful invitee can still accept theirs.
    const otherBrowser = await signIn(other);
    expect((await answer(otherBrowser, theirs, 'accept')).status).toBe(200);
    expect((await s.request.post(`/v1/organization/invitation/revoke/${theirs}`).set(a.headers)).status).toBe(409);
    expect((await membersOf(a)).find((m) => m.email === other.email)?.role).toBe('admin');
  });
});

describe('tenancy', () => {
  it('another organization can neither list nor revoke an invitation', async () => {
    const email = `${unique('tenant').toLowerCase()}@example.test`;
    const id = (await invite({ email, role: 'viewer' })).body.invitation.invitation_id;
    const listed = await s.request.get('/v1/organization/invitation/list?page_size=100').set(b.headers);
    expect(listed.status).toBe(200);
    expect(listed.body.invitations.map((i: { invitation_id: string }) => i.invitation_id)).not.toContain(id);
    const revoke = await s.request.post(`/v1/organization/invitation/revoke/${id}`).set(b.headers);
    expect([revoke.status, revoke.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await invitationOf(a, id)).status).toBe('pending');
  });

  it('lists newest first with a status filter and keyset pages', async () => {
    const tenant = await createTenant(s);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await invite({ email: `${unique('page')}@example.test`, role: 'viewer' }, tenant)).body.invitation.invitation_id);
    await s.request.post(`/v1/organization/invitation/revoke/${ids[0]}`).set(tenant.headers);
    const first = await s.request.get('/v1/organization/invitation/list?status=pending&page_size=1').set(tenant.headers);
    expect(first.body).toMatchObject({ has_more: true, invitations: [{ invitation_id: ids[2] }] });
    const second = await s.request.get(`/v1/organization/invitation/list?status=pending&page_size=1&cursor=${first.body.next_cursor}`).set(tenant.headers);
    expect(second.body).toMatchObject({ has_more: false, next_cursor: null, invitations: [{ invitation_id: ids[1] }] });
    const revoked = await s.request.get('/v1/organization/invitation/list?status=revoked').set(tenant.headers);
    expect(revoked.body.invitations.map((i: { invitation_id: string }) => i.invitation_id)).toEqual([ids[0]]);
    expect((await s.request.get(`/v1/organization/invitation/list?status=revoked&cursor=${first.body.next_cursor}`).set(tenant.headers)).status).toBe(400);
  });
});
