// The SPA's server entry as the Worker's type check sees it: its type only. web/ is checked with the
// DOM library and the Worker without it, so tsconfig.worker.json maps "#web/entry-server" here, and
// web/entry-server.tsx is checked against the same contract type in tsconfig.web.json.
import type { RenderPage } from "../contract/page-render";

export declare const renderPage: RenderPage;
