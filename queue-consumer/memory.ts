/**
 * A per-isolate budget for document bytes held in memory. Every document body is reserved here
 * (its declared length, or the cap when it declares none) before it is read, and released when
 * the file is stored or refused. Queue messages of a batch run concurrently in one isolate
 * (128 MB); without this, ten 50 MB PDFs would be read at once. With it, bodies wait for room:
 * at most DOCUMENT_MEMORY_BUDGET bytes of documents live at a time, whatever the batch size.
 */

/** Bytes of document bodies one isolate holds at once: one 50 MB PDF, or many small ones. */
export const DOCUMENT_MEMORY_BUDGET = 56 * 1024 * 1024;

export type Lease = { readonly bytes: number; release(): void };

export class ByteBudget {
  private used = 0;
  private readonly waiting: { bytes: number; grant: () => void }[] = [];

  constructor(readonly total: number) {}

  get inUse(): number {
    return this.used;
  }

  /** Waits (first come, first served) until `bytes` fit; a request above the total takes it all. */
  async reserve(bytes: number, signal?: AbortSignal): Promise<Lease> {
    const want = Math.min(Math.max(0, Math.ceil(bytes)), this.total);
    if (this.waiting.length === 0 && this.used + want <= this.total) return this.lease(want);
    await new Promise<void>((resolve, reject) => {
      const entry = { bytes: want, grant: () => resolve() };
      this.waiting.push(entry);
      signal?.addEventListener(
        "abort",
        () => {
          const i = this.waiting.indexOf(entry);
          if (i === -1) return; // already granted: the caller releases it
          this.waiting.splice(i, 1);
          reject(signal.reason ?? new Error("aborted"));
          this.drain();
        },
        { once: true },
      );
    });
    return this.lease(want, true);
  }

  private lease(bytes: number, counted = false): Lease {
    if (!counted) this.used += bytes;
    let released = false;
    return {
      bytes,
      release: () => {
        if (released) return;
        released = true;
        this.used -= bytes;
        this.drain();
      },
    };
  }

  private drain() {
    while (this.waiting.length && this.used + this.waiting[0]!.bytes <= this.total) {
      const next = this.waiting.shift()!;
      this.used += next.bytes;
      next.grant();
    }
  }
}

/** The isolate's budget (module state lives as long as the isolate). */
export const documentBudget = new ByteBudget(DOCUMENT_MEMORY_BUDGET);

/** The leases one queue message took; released together when the message is done. */
export class LeaseScope {
  private readonly leases: Lease[] = [];
  constructor(private readonly budget: ByteBudget = documentBudget) {}

  async reserve(bytes: number, signal?: AbortSignal): Promise<Lease> {
    const lease = await this.budget.reserve(bytes, signal);
    this.leases.push(lease);
    return lease;
  }

  releaseAll() {
    for (const l of this.leases.splice(0)) l.release();
  }
}
