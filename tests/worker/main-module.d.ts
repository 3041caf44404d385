// Types `exports.default` from "cloudflare:workers" in the worker tests (the main module's fetch handler).
declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import("../../worker/index");
  }
}
