import type { ParameterizedContext } from 'koa';
import type { Config } from '../config.js';

/** The address clients reach this service at: PUBLIC_URL when set, else the request's own origin. */
export function publicBaseUrl(config: Config, ctx: ParameterizedContext): string {
  return (config.http.publicUrl ?? `${ctx.protocol}://${ctx.host}`).replace(/\/$/, '');
}
