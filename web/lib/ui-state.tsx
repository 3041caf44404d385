import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

/** The shell's dialog flags and the chosen search type (accounts spec §3 shared state). */
export type DialogName = "login" | "register" | "mobile" | "news" | "packageOffer" | "offlineRequest";

export type OfflineRequestPrefill = {
  url?: string;
  doi?: string;
  desc?: string;
  canEdit?: boolean;
  autoSubmit?: boolean;
  kind?: "article" | "book" | "standard";
};

/**
 * What a package offer is for, when an action needs a credit: the credit (and how many) it
 * preselects, and what the purchase returns to once paid — the document (`url`, with `doi` and
 * `desc` for an offline request) or a page of ours (`returnTo`, e.g. a reading list).
 */
export type PackageOfferFor = {
  need: "article" | "offline_article";
  count?: number;
  url?: string;
  doi?: string;
  desc?: string;
  returnTo?: string;
  batchId?: string;
};

type UiState = {
  open: Partial<Record<DialogName, boolean>>;
  openDialog(name: DialogName): void;
  closeDialog(name: DialogName): void;
  /** Mobile dialog's starting step (0 enter number, 1 send code, 2 enter code). */
  mobileStep: 0 | 1 | 2;
  setMobileStep(step: 0 | 1 | 2): void;
  offlinePrefill: OfflineRequestPrefill;
  openOfflineRequest(prefill: OfflineRequestPrefill): void;
  /** The package offer's purpose; null when it was opened for no action in particular. */
  packageOfferFor: PackageOfferFor | null;
  openPackageOffer(purpose: PackageOfferFor): void;
};

type SearchType = { typeOfSearch: number; setTypeOfSearch(t: number): void };

const Ctx = createContext<UiState | null>(null);
// Apart from the rest: choosing a search type re-renders only what shows it (home, the bottom tab
// bar), not the whole shell, so the choice paints at once on a slow phone.
const SearchTypeCtx = createContext<SearchType | null>(null);

/** `initialTypeOfSearch`: the type the home page opens with (a hash shortcut's), so it renders first. */
export function UiStateProvider({ children, initialTypeOfSearch = 1 }: { children: ReactNode; initialTypeOfSearch?: number }) {
  const [open, setOpen] = useState<UiState["open"]>({});
  const [mobileStep, setMobileStep] = useState<0 | 1 | 2>(0);
  const [offlinePrefill, setOfflinePrefill] = useState<OfflineRequestPrefill>({});
  const [packageOfferFor, setPackageOfferFor] = useState<PackageOfferFor | null>(null);
  const [typeOfSearch, setTypeOfSearch] = useState(initialTypeOfSearch);
  const value = useMemo<UiState>(
    () => ({
      open,
      openDialog: (name) => {
        // Opened plainly (the prices page, the credit bar): an earlier action's purpose does not carry over.
        if (name === "packageOffer") setPackageOfferFor(null);
        setOpen((o) => ({ ...o, [name]: true }));
      },
      closeDialog: (name) => setOpen((o) => ({ ...o, [name]: false })),
      mobileStep,
      setMobileStep,
      offlinePrefill,
      openOfflineRequest: (prefill) => {
        setOfflinePrefill(prefill);
        setOpen((o) => ({ ...o, offlineRequest: true }));
      },
      packageOfferFor,
      openPackageOffer: (purpose) => {
        setPackageOfferFor(purpose);
        setOpen((o) => ({ ...o, packageOffer: true }));
      },
    }),
    [open, mobileStep, offlinePrefill, packageOfferFor],
  );
  const searchType = useMemo(() => ({ typeOfSearch, setTypeOfSearch }), [typeOfSearch]);
  return (
    <Ctx.Provider value={value}>
      <SearchTypeCtx.Provider value={searchType}>{children}</SearchTypeCtx.Provider>
    </Ctx.Provider>
  );
}

export function useUiState(): UiState {
  const v = useContext(Ctx);
  if (!v) throw new Error("useUiState outside UiStateProvider");
  return v;
}

/** The chosen search type (accounts spec §3 shared state) and its setter. */
export function useSearchType(): SearchType {
  const v = useContext(SearchTypeCtx);
  if (!v) throw new Error("useSearchType outside UiStateProvider");
  return v;
}
