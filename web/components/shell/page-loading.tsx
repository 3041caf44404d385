import { ProgressBar } from "../ui/progress-bar";
import { shellMessages as m } from "./messages";

/** Shown while a lazy page's code arrives. */
export function PageLoading() {
  return (
    <div className="container page page-loading">
      <ProgressBar isIndeterminate aria-label={m.loadingPage} />
    </div>
  );
}
