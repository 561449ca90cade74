import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Problem } from './api';

export interface Loaded<T> {
  data?: T;
  error?: Problem;
  loading: boolean;
  reload: () => void;
}

/** Loads once per change of `key`; a newer load wins over one still under way. */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: Problem; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ data: s.data, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error: Problem) => current && setState({ error, loading: false }),
    );
    return () => void (current = false);
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}
