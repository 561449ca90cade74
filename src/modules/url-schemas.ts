import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';

extendZodWithOpenApi(z);

/**
 * An absolute http(s) URL with no credentials, query or fragment: the shape of
 * every base URL an organization registers (model providers, carriers). One
 * declaration, because zod runs every check of a string even after one failed:
 * a refine that called `new URL()` on a value `z.url()` had already refused
 * threw, and the request answered 500 (hardening issue, item 2).
 */
export function plainBaseUrl(hint: string) {
  return z
    .string()
    .max(500)
    .superRefine((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be an absolute http(s) URL' });
        return;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        ctx.addIssue({ code: 'custom', message: 'must be an http(s) URL' });
      } else if (url.username || url.password || url.search || url.hash) {
        ctx.addIssue({ code: 'custom', message: `must not contain credentials, a query or a fragment${hint}` });
      }
    })
    .openapi({ format: 'uri' });
}
