import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from '../support/app.js';
import { createTenant, unique, type TestTenant } from '../support/factories.js';
import { conversationInput, createEngineTestApp, engineDeps, makeAgent } from '../support/engine.js';
import { createProject } from '../../src/modules/org/create-project.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { runConversation } from '../../src/modules/engine/run-conversation.js';
import { chunkText } from '../../src/modules/knowledge/chunk-text.js';
import { htmlToText } from '../../src/modules/knowledge/html-to-text.js';

/**
 * Knowledge over REST against the test database, a page served by a real
 * server on 127.0.0.1 (allowed by OUTBOUND_ALLOWED_HOSTS, as in every test),
 * and the engine's search_knowledge tool in a simulated call.
 */
let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let server: Server;
let base: string;

const PAGE = `<!doctype html><html><head><title>Acme Dental: opening hours</title><style>.x{color:red}</style>
<script>var hidden = "zebracorn";</script></head><body><nav>Home | About</nav>
<h1>Opening hours</h1><p>We are open Monday to Friday from 8&nbsp;am to 6&nbsp;pm, and Saturdays from 9 am to noon.</p>
<p>On public holidays the practice is closed; emergencies call the on-call dentist.</p></body></html>`;

const POLICIES = [
  'Parking: patients park for free in the garage under the building; the entrance is on Elm Street.',
  'Refund policy: a cancelled appointment is refunded in full when cancelled at least 24 hours before. Later cancellations are charged a fee of 20 dollars.',
  'Insurance: we accept most dental insurance plans, including Delta Dental and Cigna. Bring your insurance card to the first visit.',
].join('\n\n');

beforeAll(async () => {
  t = await createEngineTestApp();
  [a, b] = await Promise.all([createTenant(t), createTenant(t)]);
  server = createServer((req, res) => {
    if (req.url === '/hours') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    if (req.url === '/notes.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('Whitening costs 300 dollars per session.');
    if (req.url === '/image') return void res.writeHead(200, { 'content-type': 'image/png' }).end('PNG');
    res.writeHead(404).end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const create = (tenant: TestTenant, body: unknown) =>
  t.request
    .post('/v1/knowledge/resource/create')
    .set(tenant.headers)
    .send(body as object);
const retrieve = (tenant: TestTenant, body: unknown) =>
  t.request
    .post('/v1/knowledge/retrieve')
    .set(tenant.headers)
    .send(body as object);

describe('chunking and HTML', () => {
  it('packs paragraphs into chunks of about 800 characters with an overlap, and cuts long paragraphs', () => {
    const paragraphs = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} ${'word '.repeat(30).trim()}.`);
    const chunks = chunkText(paragraphs.join('\n\n'));
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(950);
    expect(chunks[1].startsWith('Paragraph')).toBe(false); // starts with the tail of the one before
    expect(chunkText('x'.repeat(2000)).length).toBe(3);
    expect(chunkText('  \n\n ')).toEqual([]);
  });

  it('reduces HTML to its text, without scripts, styles and navigation', () => {
    const { title, text } = htmlToText(PAGE);
    expect(title).toBe('Acme Dental: opening hours');
    expect(text).toContain('Monday to Friday from 8 am to 6 pm');
    expect(text).not.toMatch(/zebracorn|color:red|Home \| About/);
  });

  it('decodes every HTML entity, keeps link text whatever its attributes, lists with their bullets and nesting, and table rows', () => {
    const html = `<!doctype html><html><head><title>Caf&eacute; &amp; Bar</title></head><body>
<h2>Prices &ndash; 2099</h2>
<p>Fees in &euro; &mdash; see <a href="/list" title="prices > 2099">our list</a>.</p>
<table><tr><th>Treatment</th><th>Price</th></tr><tr><td>Cleaning</td><td>80&nbsp;&euro;</td></tr><tr><td>Whitening</td><td>300&nbsp;&euro;</td></tr></table>
<ul><li>Checkups<ul><li>Adults</li><li>Children</li></ul></li><li>Emergencies</li></ul>
<ol><li>Call&nbsp;us</li><li>Come in</li></ol>
</body></html>`;
    expect(htmlToText(html)).toEqual({
      title: 'Café & Bar',
      text: [
        'Prices – 2099',
        '',
        'Fees in € — see our list.',
        '',
        'Treatment   Price',
        'Cleaning    80 €',
        'Whitening   300 €',
        '',
        ' * Checkups',
        '   * Adults',
        '   * Children',
        ' * Emergencies',
        '',
        ' 1. Call us',
        ' 2. Come in',
      ].join('\n'),
    });
  });
});

describe('resource_create and retrieve_context', () => {
  let policiesId: string;

  it('creates a resource from text and ranks the passage that answers first, with its source', async () => {
    const created = await create(a, { name: 'Policies', text: POLICIES }).expect(201);
    expect(created.body.resource).toMatchObject({
      name: 'Policies',
      source_kind: 'text',
      source_url: null,
      characters: POLICIES.length,
      project_id: a.projectId,
    });
    policiesId = created.body.resource.id;
    expect(policiesId).toMatch(/^res_/);
    await create(a, { name: 'Other', text: 'Our dentists are friendly. We also answer questions about refunds of gift cards by email.' }).expect(201);

    const found = await retrieve(a, { query: 'refund a cancelled appointment', limit: 3 }).expect(200);
    const [best] = found.body.passages;
    expect(best).toMatchObject({ resource_id: policiesId, resource_name: 'Policies', source_url: null });
    expect(best.content).toContain('Refund policy');
    expect(best.snippet).toMatch(/<b>\w+<\/b>/);
    expect(best.rank).toBeGreaterThan(0);
    expect(found.body.passages.length).toBeLessThanOrEqual(3);
    // The other resource shares only "refund" (a passage with any term still matches), and comes after.
    expect(found.body.passages.map((p: { resource_name: string }) => p.resource_name)).toEqual(['Policies', 'Other']);
    expect((await retrieve(a, { query: 'the and of' }).expect(200)).body.passages).toEqual([]);
  });

  it('creates resources from a document and from a local URL (HTML reduced to text), and lists them', async () => {
    await create(a, { document: { content: '# Whitening\n\nTeeth whitening takes one hour.', content_type: 'text/markdown', filename: 'whitening.md' } })
      .expect(201)
      .expect((res) => expect(res.body.resource).toMatchObject({ name: 'whitening.md', source_kind: 'document', content_type: 'text/markdown' }));
    const page = await create(a, { url: `${base}/hours` }).expect(201);
    expect(page.body.resource).toMatchObject({
      name: 'Acme Dental: opening hours',
      source_kind: 'url',
      source_url: `${base}/hours`,
      content_type: 'text/html',
    });
    const found = await retrieve(a, { query: 'open on Saturday' }).expect(200);
    expect(found.body.passages[0]).toMatchObject({ resource_id: page.body.resource.id, source_url: `${base}/hours` });
    expect((await retrieve(a, { query: 'zebracorn' }).expect(200)).body.passages).toEqual([]);
    await create(a, { url: `${base}/notes.txt`, name: 'Prices' }).expect(201);

    const listed = await t.request.get('/v1/knowledge/resource/list').set(a.headers).expect(200);
    expect(listed.body.resources.map((r: { name: string }) => r.name).slice(0, 3)).toEqual(['Prices', 'Acme Dental: opening hours', 'whitening.md']);
  });

  it('keeps knowledge to its project and its organization', async () => {
    const other = await createProject(t.orm.em.fork(), systemPrincipal(a.organizationId), { name: unique('Second') });
    await create(a, { text: 'The Springfield branch offers orthodontic braces.', project_id: other.project_id }).expect(201);
    expect((await retrieve(a, { query: 'orthodontic braces' }).expect(200)).body.passages).toEqual([]);
    const there = await retrieve(a, { query: 'orthodontic braces', project_id: other.project_id }).expect(200);
    expect(there.body.passages).toHaveLength(1);
    // Another organization sees none of it, and cannot name a's project.
    expect((await retrieve(b, { query: 'refund a cancelled appointment' }).expect(200)).body.passages).toEqual([]);
    await retrieve(b, { query: 'braces', project_id: other.project_id }).expect(404);
    expect((await t.request.get('/v1/knowledge/resource/list').set(b.headers).expect(200)).body.resources).toEqual([]);
  });

  it('refuses bad input with 400 (or 422 for a URL that cannot be used), never 500', async () => {
    await create(a, {}).expect(400);
    await create(a, { text: 'x', url: `${base}/hours` }).expect(400);
    await create(a, { text: '' }).expect(400);
    await create(a, { text: 'x', colour: 'red' }).expect(400);
    await create(a, { url: 'ftp://example.com/x' }).expect(400);
    await create(a, { document: { content: 'x', content_type: 'application/pdf' } }).expect(400);
    await create(a, { text: '   \n\n  ' }).expect(422);
    await create(a, { url: 'http://10.0.0.1/internal' }).expect(422);
    await create(a, { url: 'http://169.254.169.254/latest/meta-data/' }).expect(422);
    await create(a, { url: `${base}/missing` }).expect(422);
    await create(a, { url: `${base}/image` }).expect(422);
    await retrieve(a, {}).expect(400);
    await retrieve(a, { query: '' }).expect(400);
    await retrieve(a, { query: 'x', limit: 50 }).expect(400);
  });
});

describe("the engine's search_knowledge tool", () => {
  it("looks up the project's knowledge during a call", async () => {
    const agent = await makeAgent(t, a, {
      tools: [{ name: 'search_knowledge', kind: 'builtin', permission: 'allow', config: {} }],
      model: {
        provider: 'simulated',
        name: 'kb',
        temperature: 0,
        rules: [{ when: 'park', call_tool: { name: 'search_knowledge', arguments: { query: 'where to park' } } }],
      },
    });
    const result = await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['Where can I park?'] }));
    expect(result.toolCalls).toHaveLength(1);
    const [call] = result.toolCalls;
    expect(call).toMatchObject({ name: 'search_knowledge', status: 'succeeded' });
    const passages = (call.result as { passages: { source: string; text: string }[] }).passages;
    expect(passages[0].source).toBe('Policies');
    expect(passages[0].text).toContain('garage under the building');
  });
});
