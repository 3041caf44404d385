import "./styles/fonts.css";
import "./styles/global.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nProvider } from "react-aria-components";
import { createAppRouter, queryClient } from "./router";
import { PageDataProvider } from "./lib/page-data-context";
import { UiStateProvider } from "./lib/ui-state";
import { initialSearchType } from "./features/home/hash-shortcuts";

const router = createAppRouter();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <I18nProvider locale="fa-IR">
      <QueryClientProvider client={queryClient}>
        <PageDataProvider>
          <UiStateProvider initialTypeOfSearch={initialSearchType()}>
            <RouterProvider router={router} />
          </UiStateProvider>
        </PageDataProvider>
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);

// zod's Persian messages for client forms, in their own chunk, fetched at the first interaction:
// no form validates before someone points, taps, types or tabs, and the page load skips zod.
const loadZodLocale = () => {
  for (const type of INTERACTIONS) removeEventListener(type, loadZodLocale, true);
  void import("./lib/zod-locale");
};
const INTERACTIONS = ["pointerdown", "keydown", "focusin", "touchstart"] as const;
for (const type of INTERACTIONS) addEventListener(type, loadZodLocale, { capture: true, passive: true });
