import { describe, it, expect } from '@jest/globals';
import { Writable } from 'node:stream';
import Koa from 'koa';
import request from 'supertest';
import pino from 'pino';
import { requestContext } from '../../src/http/middleware/request-context.js';
import { createLogger } from '../../src/logger.js';
import { loadConfig } from '../../src/config.js';

/** Dev experience (issue 13 item 9): health polls stay out of the log unless they fail; dev logs are for people. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

describe('request log lines', () => {
  it('log every request at info, but a passing health poll only at debug; a failing one is logged', async () => {
    const { lines, logger } = capture();
    const app = new Koa();
    let ready = true;
    app.use(requestContext(logger));
    app.use((ctx) => {
      if (ctx.path === '/readyz' && !ready) ctx.status = 503;
      ctx.body = { ok: true };
    });
    const server = request(app.callback());
    await server.get('/healthz');
    await server.get('/readyz');
    await server.get('/v1/agent/list');
    ready = false;
    await server.get('/readyz');
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => [l.path, l.status])).toEqual([
      ['/v1/agent/list', 200],
      ['/readyz', 503],
    ]);
  });
});

describe('log format', () => {
  it('is readable lines in development and JSON elsewhere, unless LOG_FORMAT says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).log.format).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test' }).log.format).toBe('json');
    expect(loadConfig({ NODE_ENV: 'development', LOG_FORMAT: 'json' }).log.format).toBe('json');
    expect(createLogger({ log: { level: 'info', format: 'pretty' } }).level).toBe('info');
  });
});
