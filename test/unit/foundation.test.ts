import { describe, it, expect } from '@jest/globals';
import { isId, newId, ulid } from '../../src/modules/ids.js';
import { QueryTimestamp, ListSessionsQuery } from '../../src/modules/calls/calls.schemas.js';
import { priceLeg, sumLines } from '../../src/modules/calls/pricing.js';
import { DEFAULT_PRICE_LIST } from '../../src/modules/org/org.entity.js';
import { decodeCursor, encodeCursor, filterFingerprint } from '../../src/modules/cursor.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { DomainError } from '../../src/modules/errors.js';
import { toProblem } from '../../src/edge/problem.js';
import { prng } from '../../src/modules/calls/seed-sessions.js';

describe('ids', () => {
  it('are prefixed, well-formed and sort in creation order, also within one millisecond', () => {
    const ids = Array.from({ length: 2000 }, () => newId('session'));
    expect(ids.every((id) => isId('session', id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('order by the time they carry', () => {
    expect(ulid(1_000) < ulid(2_000_000_000_000)).toBe(true);
    expect(isId('leg', 'sess_01ARZ3NDEKTSV4RRFFQ69G5FAV')).toBe(false);
    expect(isId('session', 'sess_01ARZ3NDEKTSV4RRFFQ69G5FA')).toBe(false);
  });
});

describe('query timestamps', () => {
  const parse = (v: string) => QueryTimestamp.safeParse(v);
  it('accepts the spec form, + for the space, and ISO with a zone', () => {
    expect(parse('2026-11-01 08:30:00').data?.toISOString()).toBe('2026-11-01T08:30:00.000Z');
    expect(parse('2026-11-01+08:30:00').data?.toISOString()).toBe('2026-11-01T08:30:00.000Z');
    expect(parse('2026-11-01T08:30:00+02:00').data?.toISOString()).toBe('2026-11-01T06:30:00.000Z');
    expect(parse('2026-11-01T08:30:00').data?.toISOString()).toBe('2026-11-01T08:30:00.000Z');
  });
  it('refuses dates that do not exist and other forms', () => {
    for (const bad of ['2026-02-30 00:00:00', '2026-13-01 00:00:00', '2026-11-01 24:00:00', 'yesterday', '2026-11-01', '1700000000']) {
      expect(parse(bad).success).toBe(false);
    }
  });
  it('bounds page_size and refuses unknown parameters', () => {
    expect(ListSessionsQuery.safeParse({}).data?.page_size).toBe(20);
    expect(ListSessionsQuery.safeParse({ page_size: '100' }).success).toBe(true);
    expect(ListSessionsQuery.safeParse({ page_size: '101' }).success).toBe(false);
    expect(ListSessionsQuery.safeParse({ page_size: '0' }).success).toBe(false);
    expect(ListSessionsQuery.safeParse({ page_size: '2.5' }).success).toBe(false);
    expect(ListSessionsQuery.safeParse({ pagesize: '5' }).success).toBe(false);
  });
});

describe('pricing', () => {
  it('prices 204 s at 0.156 a minute as 530400 micros, per second pro rata', () => {
    const lines = priceLeg('agent', 204, DEFAULT_PRICE_LIST);
    expect(lines.map((l) => l.component)).toEqual(['telephony', 'model', 'voice', 'transcription', 'platform']);
    expect(sumLines(lines)).toBe(530400);
    const single = priceLeg('agent', 204, { currency: 'USD', perMinuteMicros: { telephony: 156000, model: 0, voice: 0, transcription: 0, platform: 0 } });
    expect(single[0].amount_micros).toBe(530400);
    // Components share the rounded total, so every leg adds up to its pro-rata price.
    for (const seconds of [1, 7, 59, 61, 3601]) {
      expect(sumLines(priceLeg('agent', seconds, DEFAULT_PRICE_LIST))).toBe(Math.round((seconds * 156000) / 60));
    }
  });
  it('charges a transfer leg for telephony and platform only', () => {
    const lines = priceLeg('transfer', 60, DEFAULT_PRICE_LIST);
    expect(lines.map((l) => [l.component, l.amount_micros])).toEqual([
      ['telephony', 14000],
      ['platform', 20000],
    ]);
  });
});

describe('cursors', () => {
  const f = filterFingerprint({ from: 'a', to: 'b' });
  it('round-trip and are bound to their filters', () => {
    const c = encodeCursor({ t: '2026-11-01 08:30:00.123+00', id: 'sess_x' }, f);
    expect(decodeCursor(c, f)).toEqual({ t: '2026-11-01 08:30:00.123+00', id: 'sess_x' });
    expect(() => decodeCursor(c, filterFingerprint({ from: 'a', to: 'c' }))).toThrow(DomainError);
  });
  it('refuse garbage with INVALID_CURSOR', () => {
    for (const bad of ['', 'abc', Buffer.from('{"v":1}').toString('base64url'), Buffer.from('{"v":1,"t":"x","id":"y","f":"z"}').toString('base64url')]) {
      expect(() => decodeCursor(bad, f)).toThrow(expect.objectContaining({ code: 'INVALID_CURSOR' }));
    }
  });
});

describe('config', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.http.port).toBe(3000);
    expect(c.db.url).toBeUndefined();
  });
  it('names the wrong setting', () => {
    expect(() => loadConfig({ PORT: 'http' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'http' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/TOKEN_SECRET/);
  });
});

describe('problems', () => {
  it('map domain errors to their status and hide unknown errors', () => {
    expect(toProblem(new DomainError('NOT_FOUND', 'x')).status).toBe(404);
    expect(toProblem(new DomainError('PRECONDITION_FAILED', 'x')).status).toBe(412);
    // Details never replace the problem's own members.
    const named = toProblem(new DomainError('CONFLICT', 'x', { status: 'accepted', code: 'other', invitation_status: 'expired' }));
    expect(named).toMatchObject({ status: 409, code: 'CONFLICT', detail: 'x', invitation_status: 'expired' });
    const hidden = toProblem(new Error('secret detail'));
    expect(hidden.status).toBe(500);
    expect(JSON.stringify(hidden)).not.toContain('secret detail');
  });
});

describe('seed prng', () => {
  it('is reproducible from its seed', () => {
    const a = prng(7);
    const b = prng(7);
    const c = prng(8);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
  });
});
