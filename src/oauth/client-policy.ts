import { errors, type ClientMetadata } from 'oidc-provider';

/**
 * What dynamic registration (RFC 7591) accepts, on top of oidc-provider's own
 * checks: redirect URIs on a loopback address (any port, RFC 8252) or https,
 * nothing else. A client with a loopback redirect becomes `native`: only
 * native clients get the any-port rule, and registration defaults to `web`.
 * Public clients only is enforced by configuration (`clientAuthMethods:
 * ['none']`), not here.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function invalidRedirect(description: string): errors.InvalidRedirectUri {
  const error = new errors.InvalidRedirectUri();
  // The constructor sets a generic description; ours says what to change.
  error.error_description = description;
  return error;
}

/**
 * The `extraClientMetadata.validator` (oidc-provider calls it once per extra
 * property; the policy runs on the first one). It must be synchronous and may
 * change `metadata` before the provider validates it. It also runs when a
 * stored client is loaded, where it changes nothing.
 */
export function applyClientPolicy(key: string, metadata: ClientMetadata, firstProperty: string): void {
  if (key !== firstProperty) return;
  const uris = metadata.redirect_uris;
  if (!Array.isArray(uris)) return; // the provider reports the missing or malformed list
  let loopback = false;
  for (const value of uris) {
    const url = typeof value === 'string' ? URL.parse(value) : null;
    if (!url) throw invalidRedirect(`${String(value)} is not an absolute URL`);
    if (url.protocol === 'http:') {
      if (!LOOPBACK_HOSTS.has(url.hostname)) {
        throw invalidRedirect(`${value}: http redirect URIs must use a loopback host (127.0.0.1, localhost or [::1]); use https otherwise`);
      }
      loopback = true;
    } else if (url.protocol !== 'https:') {
      throw invalidRedirect(`${value}: redirect URIs must be http on a loopback address or https`);
    }
  }
  if (loopback) metadata.application_type = 'native';
}
