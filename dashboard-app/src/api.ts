import createClient from 'openapi-fetch';
import type { paths } from './api/v1';

/**
 * The console's typed client: the /v1 API's own routes, mounted again under
 * /dashboard/api for the signed-in person (src/dashboard/console-api.ts). Its
 * types come from the OpenAPI document (api/v1.d.ts), so a page that reads a
 * field the API does not have does not compile.
 */
export interface Organization {
  organization_id: string;
  name: string;
  role: string;
  permissions: string[];
  projects: { project_id: string; name: string }[];
}

export interface ConsoleSession {
  user: { email: string };
  csrf_token: string;
  organizations: Organization[];
}

/** An RFC 9457 problem, as every /v1 route answers an error. */
export interface Problem {
  status: number;
  title: string;
  detail?: string;
  code?: string;
  errors?: { field: string; message: string }[];
}

const context = { organizationId: '', csrf: '' };

export function actAs(organizationId: string, csrf: string): void {
  context.organizationId = organizationId;
  context.csrf = csrf;
}

export const api = createClient<paths>({ baseUrl: '/dashboard/api', credentials: 'same-origin' });
api.use({
  onRequest({ request }) {
    request.headers.set('X-Organization-Id', context.organizationId);
    if (request.method !== 'GET') request.headers.set('X-CSRF-Token', context.csrf);
    return request;
  },
});

export async function loadSession(): Promise<ConsoleSession> {
  const res = await fetch('/dashboard/api/session', { credentials: 'same-origin' });
  if (res.status === 401) {
    location.assign(`/dashboard/sign-in?return_to=${encodeURIComponent(location.pathname)}`);
    return new Promise(() => {});
  }
  if (!res.ok) throw await asProblem(res);
  return (await res.json()) as ConsoleSession;
}

/**
 * The console's own routes (src/dashboard/console-api.ts: invitations,
 * connected apps, talk): about the signed-in person, not an organization, so
 * not /v1 routes and not in the typed client. Writes carry the CSRF token; a
 * session that ended sends the person to sign in.
 */
export async function consoleFetch<T>(path: string, csrf: string, method: 'GET' | 'POST' = 'GET'): Promise<T> {
  const res = await fetch(`/dashboard/api${path}`, {
    method,
    credentials: 'same-origin',
    headers: method === 'GET' ? {} : { 'X-CSRF-Token': csrf },
  });
  if (res.status === 401) {
    location.assign(`/dashboard/sign-in?return_to=${encodeURIComponent(location.pathname)}`);
    return new Promise(() => {});
  }
  if (!res.ok) throw await asProblem(res);
  return (await res.json()) as T;
}

async function asProblem(res: Response): Promise<Problem> {
  try {
    return (await res.json()) as Problem;
  } catch {
    return { status: res.status, title: res.statusText || 'Request failed' };
  }
}

/** The data of an openapi-fetch answer, or its problem thrown (a session that ended sends the person to sign in). */
export async function take<T>(answer: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await answer;
  if (response.status === 401) {
    location.assign(`/dashboard/sign-in?return_to=${encodeURIComponent(location.pathname + location.search)}`);
    return new Promise(() => {});
  }
  if (error !== undefined || data === undefined) throw (error as Problem) ?? { status: response.status, title: response.statusText };
  return data;
}
