import { describe, it, expect } from '@jest/globals';
import { temporalConfig } from '../../scripts/production-shape.js';
import { findTemporalServer } from '../../src/temporal/server-binary.js';

/**
 * The production shape's Temporal server configuration: the module's development-postgres12.yaml with the
 * shape's ports. A CI run once drew a frontend port (27235) holding the matching service's default (7235); the
 * next swap rewrote it into "228405" and the server exited at start.
 */
describe("the production shape's Temporal config", () => {
  it('puts every chosen port in its place, whatever digits it shares with the defaults', async () => {
    const bin = await findTemporalServer();
    const ports: Record<string, number> = {
      frontend: 27235, // holds matching's default 7235
      frontendMembership: 16933,
      frontendHttp: 17243,
      matching: 28405,
      matchingMembership: 17234, // holds history's default 7234
      history: 18000, // holds metrics' default 8000
      historyMembership: 16934,
      worker: 17239,
      workerMembership: 16939,
      pprof: 17936,
      metrics: 26935, // holds matchingMembership's default 6935
    };
    const yaml = temporalConfig(bin, new URL('postgres://postgres:pw@127.0.0.1:5432/x'), 'shape', ports);
    const numbers = [...yaml.matchAll(/\b\d{4,}\b/g)].map((m) => Number(m[0]));
    for (const port of Object.values(ports)) expect(numbers).toContain(port);
    expect(numbers.filter((n) => n > 65535)).toEqual([]);
    expect(yaml).toMatch(/grpcPort: 27235\b/);
    expect(yaml).toMatch(/grpcPort: 28405\b/);
    expect(yaml).not.toMatch(/@port:/);
  });
});
