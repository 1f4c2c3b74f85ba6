/**
 * FairQueue at the embedded PGlite. PGlite runs each statement on the API's own thread, and a request's queries
 * follow one another in promise callbacks, so a busy API used to serve every socket that had a request to the end
 * before the event loop went round again; Node accepts one new connection per round, so under load a new
 * connection waited for dozens of rounds (2.9 s at 50 connections). Here every call waits in one queue, first come
 * first served, and once the calls since the event loop last went round have taken `budgetMs`, the next waits for
 * the loop to go round: it accepts a connection and reads the sockets, whose requests join the queue at its end.
 * See docs/decisions/026-pglite-turns.md.
 */

/**
 * Milliseconds of database work between two rounds of the event loop, a few cheap queries or one longer one;
 * read when a FairQueue is made (a test sets 0: a round after every call).
 */
export const fairQueueBudget = { ms: 1 };

interface Call {
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class FairQueue {
  readonly #budgetMs: number;
  readonly #now: () => number;
  readonly #queue: Call[] = [];
  #running = false;
  /** Milliseconds the calls took since the event loop last went round. */
  #spent = 0;
  #roundAwaited = false;

  /** `now` is the clock a call's time is read from (a test's own, so a busy machine cannot stretch a call). */
  constructor(budgetMs = fairQueueBudget.ms, now: () => number = () => performance.now()) {
    this.#budgetMs = budgetMs;
    this.#now = now;
  }

  /** Calls waiting for their turn, the running one not counted. */
  get waiting(): number {
    return this.#queue.length;
  }

  /** Runs `work` once every call queued before it has finished, and the event loop has gone round if it was due. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.#next();
    });
  }

  #next(): void {
    if (this.#running || this.#queue.length === 0) return;
    if (this.#spent > 0 && this.#spent >= this.#budgetMs) {
      this.#awaitRound();
      return;
    }
    const call = this.#queue.shift()!;
    this.#running = true;
    const started = this.#now();
    let result: Promise<unknown>;
    try {
      result = call.work();
    } catch (error) {
      result = Promise.reject(error);
    }
    result.then(call.resolve, call.reject).finally(() => {
      this.#running = false;
      // Never 0, so a budget of 0 still lets the loop go round after each call.
      this.#spent += Math.max(this.#now() - started, Number.EPSILON);
      this.#awaitRound();
      this.#next();
    });
  }

  /**
   * The end of the round: setImmediate runs after the poll phase, where Node accepts connections and reads
   * sockets; scheduled from that phase it runs later in the same round, from a setImmediate callback in the next.
   */
  #awaitRound(): void {
    if (this.#roundAwaited) return;
    this.#roundAwaited = true;
    setImmediate(() => {
      this.#roundAwaited = false;
      this.#spent = 0;
      this.#next();
    });
  }
}
