import { DomainError } from "./errors";
import { coreMessages } from "./messages";

/** Beyond the slots and the queue: a Persian 503 asking to retry shortly. */
export class BusyError extends DomainError {
  constructor(readonly retryAfterSeconds = 2) {
    super(coreMessages.busy, 503, { retry_after: retryAfterSeconds });
  }
}

/**
 * At most `slots` tasks at once in this isolate, `queue` more waiting (each at most `maxWaitMs`);
 * anything beyond is refused at once with BusyError. For work whose memory adds up per caller.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  /** Tests: called with the number running whenever a task starts. */
  onStart: ((active: number) => void) | null = null;

  constructor(
    readonly slots: number,
    readonly queue: number,
    readonly maxWaitMs: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next in line, so a newcomer cannot slip in between.
    if (this.active >= this.slots) await this.wait();
    else this.active += 1;
    this.onStart?.(this.active);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  private wait(): Promise<void> {
    if (this.waiting.length >= this.queue) throw new BusyError();
    return new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(turn);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(new BusyError());
      }, this.maxWaitMs);
      this.waiting.push(turn);
    });
  }
}
