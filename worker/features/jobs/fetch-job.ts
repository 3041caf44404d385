import { DurableObject } from "cloudflare:workers";

/**
 * Job status for one normalised document identifier. The fetch pipeline issue fills in
 * start/progress/complete/fail/read; declared now so the binding and its migration exist.
 */
export class FetchJob extends DurableObject<Cloudflare.Env> {
  async read(): Promise<unknown> {
    return (await this.ctx.storage.get("job")) ?? null;
  }
}
