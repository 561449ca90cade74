/**
 * Line diffs for prompts: Myers' O((N+M)·D) greedy algorithm over interned
 * lines, after trimming the common prefix and suffix (most prompt edits touch
 * a few lines of a long text, so D is small and the trim does most of the work).
 *
 * Limit: the trace Myers keeps for backtracking grows with D², so past
 * MAX_EDITS differing lines the middle is reported as one replaced block. The
 * result is still a correct diff, only not a minimal one; a three-way merge
 * then sees one large change (and is more likely to call it a conflict).
 */
export const MAX_EDITS = 2000;

/** `a[aStart, aEnd)` is replaced by `b[bStart, bEnd)`; an empty a-range is an insertion. */
export interface Hunk {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

/** Splits text into lines on \n; joining with \n gives the text back exactly (a trailing newline is a last empty line). */
export function splitLines(text: string): string[] {
  return text.split('\n');
}

export function diffLines(a: readonly string[], b: readonly string[], maxEdits = MAX_EDITS): Hunk[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const n = a.length - pre - suf;
  const m = b.length - pre - suf;
  if (n === 0 && m === 0) return [];
  if (n === 0 || m === 0) return [{ aStart: pre, aEnd: pre + n, bStart: pre, bEnd: pre + m }];

  // Compare small integers instead of strings inside the inner loop.
  const ids = new Map<string, number>();
  const intern = (s: string) => {
    let id = ids.get(s);
    if (id === undefined) ids.set(s, (id = ids.size));
    return id;
  };
  const A = Int32Array.from({ length: n }, (_, i) => intern(a[pre + i]));
  const B = Int32Array.from({ length: m }, (_, i) => intern(b[pre + i]));

  const matches = myers(A, B, maxEdits);
  if (!matches) return [{ aStart: pre, aEnd: pre + n, bStart: pre, bEnd: pre + m }];

  // Gaps between matched pairs are the hunks.
  const hunks: Hunk[] = [];
  let x = 0;
  let y = 0;
  for (const [mx, my] of [...matches, [n, m] as [number, number]]) {
    if (mx > x || my > y) hunks.push({ aStart: pre + x, aEnd: pre + mx, bStart: pre + y, bEnd: pre + my });
    x = mx + 1;
    y = my + 1;
  }
  return hunks;
}

/** Matched index pairs (ascending), or null when more than `maxEdits` edits are needed. */
function myers(A: Int32Array, B: Int32Array, maxEdits: number): [number, number][] | null {
  const n = A.length;
  const m = B.length;
  const offset = n + m + 1;
  const v = new Int32Array(2 * offset + 1);
  // trace[d] holds v over k in [-d, d] as it was before step d (index k + d).
  const trace: Int32Array[] = [];
  const limit = Math.min(n + m, maxEdits);
  for (let d = 0; d <= limit; d++) {
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && A[x] === B[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, d, n, m);
    }
  }
  return null;
}

function backtrack(trace: Int32Array[], end: number, n: number, m: number): [number, number][] {
  const matches: [number, number][] = [];
  let x = n;
  let y = m;
  for (let d = end; d > 0; d--) {
    const prev = trace[d];
    const at = (k: number) => prev[k + d];
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      matches.push([x, y]);
    }
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    matches.push([x, y]);
  }
  return matches.reverse();
}

/**
 * A unified diff (as `diff -u` prints it) of two texts, with `context` lines
 * around each change. `maxChars` bounds the output: a hash-mismatch answer
 * must stay small even when the prompts are 200 KB apart.
 */
export function unifiedDiff(
  before: string,
  after: string,
  labels: { from: string; to: string },
  options: { context?: number; maxChars?: number } = {},
): { text: string; truncated: boolean } {
  const context = options.context ?? 3;
  const maxChars = options.maxChars ?? 64 * 1024;
  const a = splitLines(before);
  const b = splitLines(after);
  const hunks = diffLines(a, b);
  if (!hunks.length) return { text: '', truncated: false };
  const out: string[] = [`--- ${labels.from}`, `+++ ${labels.to}`];
  let size = out[0].length + out[1].length + 2;
  let truncated = false;
  // Hunks closer than 2·context lines share one @@ block.
  let i = 0;
  outer: while (i < hunks.length) {
    let j = i;
    while (j + 1 < hunks.length && hunks[j + 1].aStart - hunks[j].aEnd <= 2 * context) j++;
    const aFrom = Math.max(0, hunks[i].aStart - context);
    const aTo = Math.min(a.length, hunks[j].aEnd + context);
    const bFrom = hunks[i].bStart - (hunks[i].aStart - aFrom);
    const bTo = hunks[j].bEnd + (aTo - hunks[j].aEnd);
    const block: string[] = [`@@ -${range(aFrom, aTo - aFrom)} +${range(bFrom, bTo - bFrom)} @@`];
    let pos = aFrom;
    for (let h = i; h <= j; h++) {
      for (; pos < hunks[h].aStart; pos++) block.push(` ${a[pos]}`);
      for (let k = hunks[h].aStart; k < hunks[h].aEnd; k++) block.push(`-${a[k]}`);
      for (let k = hunks[h].bStart; k < hunks[h].bEnd; k++) block.push(`+${b[k]}`);
      pos = hunks[h].aEnd;
    }
    for (; pos < aTo; pos++) block.push(` ${a[pos]}`);
    for (const line of block) {
      if (size + line.length + 1 > maxChars) {
        truncated = true;
        break outer;
      }
      out.push(line);
      size += line.length + 1;
    }
    i = j + 1;
  }
  return { text: out.join('\n') + '\n', truncated };
}

/** `start,count` with 1-based start, as unified diffs write ranges (an empty range names the line before it). */
function range(start: number, count: number): string {
  return count === 0 ? `${start},0` : count === 1 ? `${start + 1}` : `${start + 1},${count}`;
}
