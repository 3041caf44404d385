import { createContext, useContext } from "react";

/**
 * The lazily loaded modules a server render drew (repository paths, e.g.
 * "web/features/getpdf/panels/link-panel.tsx"): web/entry-server.tsx provides a set, the page route
 * turns it into the head's stylesheets and module preloads. In the browser there is no set.
 */
export const SsrModulesContext = createContext<Set<string> | null>(null);

/** Records that this render drew `module` (a no-op in the browser). */
export function useSsrModule(module: string | undefined) {
  const modules = useContext(SsrModulesContext);
  if (modules && module) modules.add(module);
}
