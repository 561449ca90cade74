import type { Logger } from 'pino';
import type { Client, Connection } from '@temporalio/client';
import type { Config } from './config.js';
import type { Orm } from './db/orm.js';
import type { RecordingStore } from './modules/calls/recording-store.js';

/**
 * What a process hands every surface (REST, MCP, OAuth, the dashboard) and the Temporal helpers: the composition
 * root's dependencies, at the top of src so no surface depends on another for them.
 */
export interface AppDeps {
  config: Config;
  orm: Orm;
  logger: Logger;
  recordings: RecordingStore;
  /** Absent when the process runs without Temporal (readyz then reports it). */
  temporal?: { client: Client; connection: Connection };
  /** Set while the process shuts down: /readyz then answers 503, so a load balancer stops sending requests here. */
  lifecycle?: { draining: boolean };
}
