import { useEffect, useState } from 'preact/hooks';

/** The console's addresses are real paths under /dashboard/app (Koa answers each with the application's page). */
export const BASE = '/dashboard/app';

const listeners = new Set<() => void>();

export function navigate(to: string, replace = false): void {
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  for (const l of listeners) l();
}

addEventListener('popstate', () => {
  for (const l of listeners) l();
});

/** The path below BASE and the query, re-read whenever the address changes. */
export function useLocation(): { path: string; query: URLSearchParams } {
  const [, setTick] = useState(0);
  useEffect(() => {
    const l = () => setTick((t) => t + 1);
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  return { path: location.pathname.slice(BASE.length) || '/', query: new URLSearchParams(location.search) };
}

/** A link inside the console: navigates without reloading, opens in a new tab as usual with a modifier. */
export function onLink(event: MouseEvent): void {
  const a = (event.currentTarget as HTMLAnchorElement) ?? undefined;
  if (!a || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(a.getAttribute('href')!);
}
