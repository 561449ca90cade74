/**
 * The calls one media process holds, by session id: what its Temporal
 * activities (activities/media-node.activities.ts) supervise and hang up.
 */
export interface HeldCall {
  /** Settles when the call ended and its record was written (or writing it failed). */
  done: Promise<void>;
  hangup(reason: string): Promise<void>;
}

export class LiveCallRegistry {
  private readonly calls = new Map<string, HeldCall>();

  hold(sessionId: string, call: HeldCall): void {
    this.calls.set(sessionId, call);
    // `done` rejects when the record was never written: the registry forgets the call either way, and says nothing.
    call.done.finally(() => this.calls.delete(sessionId)).catch(() => {});
  }

  get(sessionId: string): HeldCall | undefined {
    return this.calls.get(sessionId);
  }

  get size(): number {
    return this.calls.size;
  }

  all(): HeldCall[] {
    return [...this.calls.values()];
  }
}
