import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { OAuthProvider } from './provider.js';
import { MCP_SCOPE } from './urls.js';

/**
 * Discovery documents on the host app (the provider serves them only under its mount): RFC 8414 metadata of
 * the authorization server at the path-inserted address of its issuer
 * (plus the two OpenID Connect spellings clients also try), and RFC 9728
 * metadata of the MCP endpoint naming that issuer. Readable cross-origin:
 * browser-based MCP clients fetch them.
 */
export function registerWellKnownRoutes(router: Router, oauth: () => Promise<OAuthProvider>): void {
  const serverMetadata = async (ctx: ParameterizedContext) => {
    const o = await oauth();
    const document = await o.discovery(ctx);
    ctx.status = 200;
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = { ...document, issuer: o.issuer };
  };
  router.get('/.well-known/oauth-authorization-server/platform', serverMetadata);
  router.get('/.well-known/openid-configuration/platform', serverMetadata);
  router.get('/platform/.well-known/openid-configuration', serverMetadata);

  router.get('/.well-known/oauth-protected-resource/platform/mcp', async (ctx) => {
    const o = await oauth();
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = {
      resource: o.mcpResource,
      authorization_servers: [o.issuer],
      scopes_supported: [MCP_SCOPE],
      bearer_methods_supported: ['header'],
      resource_name: 'Voice-agent platform MCP server',
    };
  });
}
