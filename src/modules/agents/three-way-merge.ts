import { CONFIG_FIELDS, type AgentConfig } from './agents.schemas.js';
import { jsonEqual } from './content-hash.js';
import { diffLines, splitLines, type Hunk } from './line-diff.js';

/**
 * Three-way merges of agent configurations (decision 0009): the prompt
 * merges line by line (a diff3), every other field merges as a whole.
 * "ours" is main's head, "theirs" the branch's head, "base" where the branch
 * left main.
 *
 * Rules of the line merge: the changes of each side against the base are
 * grouped into regions where they overlap; a region changed by one side takes
 * that side; a region changed by both takes their text when it is the same,
 * and is a conflict otherwise. Two insertions at the same place, or an
 * insertion where the other side changes the following line, also overlap.
 * Changes to adjacent lines do not (git would call them a conflict; for
 * prompts, where paragraphs are edited independently, merging them is the
 * useful answer).
 */

export interface LineConflict {
  /** First line (0-based) of the conflicted region in the base. */
  baseStart: number;
  base: string[];
  ours: string[];
  theirs: string[];
}

export interface LineMergeResult {
  lines: string[];
  conflicts: LineConflict[];
}

type SidedHunk = Hunk & { side: 'ours' | 'theirs' };

export function mergeLines(
  base: readonly string[],
  ours: readonly string[],
  theirs: readonly string[],
  labels: { ours: string; theirs: string } = { ours: 'main', theirs: 'branch' },
): LineMergeResult {
  const hunks: SidedHunk[] = [
    ...diffLines(base, ours).map((h) => ({ ...h, side: 'ours' as const })),
    ...diffLines(base, theirs).map((h) => ({ ...h, side: 'theirs' as const })),
  ].sort((x, y) => x.aStart - y.aStart || x.aEnd - y.aEnd);

  const lines: string[] = [];
  const conflicts: LineConflict[] = [];
  let pos = 0;
  let i = 0;
  while (i < hunks.length) {
    const lo = hunks[i].aStart;
    let hi = hunks[i].aEnd;
    let j = i + 1;
    while (j < hunks.length && (hunks[j].aStart < hi || (hunks[j].aStart === hi && lo === hi))) {
      hi = Math.max(hi, hunks[j].aEnd);
      j++;
    }
    const group = hunks.slice(i, j);
    i = j;
    lines.push(...base.slice(pos, lo));
    pos = hi;
    const mine = group.filter((h) => h.side === 'ours');
    const yours = group.filter((h) => h.side === 'theirs');
    const oursText = applyHunks(base, lo, hi, mine, ours);
    const theirsText = applyHunks(base, lo, hi, yours, theirs);
    if (!yours.length) lines.push(...oursText);
    else if (!mine.length) lines.push(...theirsText);
    else if (sameLines(oursText, theirsText)) lines.push(...oursText);
    else {
      const baseText = base.slice(lo, hi);
      conflicts.push({ baseStart: lo, base: baseText, ours: oursText, theirs: theirsText });
      lines.push(`<<<<<<< ${labels.ours}`, ...oursText, '||||||| base', ...baseText, '=======', ...theirsText, `>>>>>>> ${labels.theirs}`);
    }
  }
  lines.push(...base.slice(pos));
  return { lines, conflicts };
}

/** One side's text for base[lo, hi): the base with that side's hunks (all inside the range) applied. */
function applyHunks(base: readonly string[], lo: number, hi: number, hunks: Hunk[], side: readonly string[]): string[] {
  const out: string[] = [];
  let cur = lo;
  for (const h of hunks) {
    out.push(...base.slice(cur, h.aStart), ...side.slice(h.bStart, h.bEnd));
    cur = h.aEnd;
  }
  out.push(...base.slice(cur, hi));
  return out;
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

export interface ConfigConflict {
  field: string;
  /** For the prompt: the first line (from 1) of the region in the base; null for other fields. */
  line: number | null;
  base: unknown;
  ours: unknown;
  theirs: unknown;
}

export interface ConfigMergeResult {
  config: AgentConfig;
  conflicts: ConfigConflict[];
  /** Fields whose merged value differs from ours (main's head). */
  changedFields: string[];
}

/**
 * Merges whole configurations. A conflicted prompt region carries conflict
 * markers in the result; a conflicted field keeps ours (main's value), so the
 * preview shows what main would keep. Conflicted prompt regions are reported
 * with their lines joined by \n.
 */
export function mergeAgentConfigs(base: AgentConfig, ours: AgentConfig, theirs: AgentConfig, labels?: { ours: string; theirs: string }): ConfigMergeResult {
  const conflicts: ConfigConflict[] = [];
  const merged: Record<string, unknown> = {};
  for (const field of CONFIG_FIELDS) {
    const b = base[field];
    const o = ours[field];
    const t = theirs[field];
    if (field === 'prompt') {
      const result = mergeLines(splitLines(base.prompt), splitLines(ours.prompt), splitLines(theirs.prompt), labels);
      merged.prompt = result.lines.join('\n');
      for (const c of result.conflicts) {
        conflicts.push({ field, line: c.baseStart + 1, base: c.base.join('\n'), ours: c.ours.join('\n'), theirs: c.theirs.join('\n') });
      }
    } else if (jsonEqual(o, t) || jsonEqual(t, b)) {
      merged[field] = o;
    } else if (jsonEqual(o, b)) {
      merged[field] = t;
    } else {
      merged[field] = o;
      conflicts.push({ field, line: null, base: b, ours: o, theirs: t });
    }
  }
  const config = merged as AgentConfig;
  const changedFields = CONFIG_FIELDS.filter((f) => !jsonEqual(config[f], ours[f]));
  return { config, conflicts, changedFields };
}
