import type { RegisteredRouter } from "@tanstack/react-router";

/** A page of the SPA: a path of the route tree (web/routes/tree.tsx), checked by the type checker. */
export type AppPath = keyof RegisteredRouter["routesByPath"] & string;

/** A page as a link may name it: its path, or with the trailing slash the spec writes for some (`/admin/`). */
export type AppHref = AppPath | `${Exclude<AppPath, "/">}/`;
