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

/**
 * A write the page makes: `run` clears the last refusal, does the work, then `then` (a reload); a refusal is kept
 * as `problem` for the page to show, and run answers false.
 */
export function useAction(): {
  problem?: Problem;
  setProblem: (p?: Problem) => void;
  run: (work: () => Promise<unknown>, then?: () => void) => Promise<boolean>;
} {
  const [problem, setProblem] = useState<Problem>();
  const run = useCallback(async (work: () => Promise<unknown>, then?: () => void) => {
    setProblem(undefined);
    try {
      await work();
      then?.();
      return true;
    } catch (error) {
      setProblem(error as Problem);
      return false;
    }
  }, []);
  return { problem, setProblem, run };
}

export interface Pages {
  /** The cursor of the page shown (undefined: the first). */
  cursor?: string;
  first: boolean;
  back: () => void;
  toFirst: () => void;
  next: (nextCursor: string | null | undefined) => void;
}

/** Keyset pages walked forward and back: the cursors of the pages before this one are kept, so Back is exact. */
export function usePages(): Pages {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    cursor: cursors.at(-1),
    first: cursors.length === 0,
    back: () => setCursors((c) => c.slice(0, -1)),
    toFirst: () => setCursors([]),
    next: (nextCursor) => nextCursor && setCursors((c) => [...c, nextCursor]),
  };
}
