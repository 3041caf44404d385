import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { PageData } from "../../contract/page-data";
import type { UserInfo } from "../../contract/user-info";
import { grantedAccessKeys, type UniversityAccessKey } from "../../contract/university-access";
import { emptyPageData, readPageData } from "./page-data";

type PageState = PageData & {
  /** Saving user info: non-null makes the user not a guest and sets the role flags (accounts spec §4). */
  setUserInfo(info: UserInfo | null): void;
};

const PageDataContext = createContext<PageState | null>(null);

export function PageDataProvider({ children, initial }: { children: ReactNode; initial?: PageData }) {
  const [data, setData] = useState<PageData>(() => initial ?? readPageData() ?? emptyPageData);
  const setUserInfo = useCallback((info: UserInfo | null) => {
    setData((d) => ({
      ...d,
      userInfo: info,
      isGuest: !info,
      isAdmin: info?.admin === 1,
      isSolver: info?.solver === 1,
      isContract: info?.contract === 1,
      ...(info ? {} : { universityInfo: null, userType: "ordinary" as const }),
    }));
  }, []);
  const value = useMemo(() => ({ ...data, setUserInfo }), [data, setUserInfo]);
  return <PageDataContext.Provider value={value}>{children}</PageDataContext.Provider>;
}

export function usePageData(): PageState {
  const v = useContext(PageDataContext);
  if (!v) throw new Error("usePageData outside PageDataProvider");
  return v;
}

/**
 * Whether the signed-in member's contract lists this access key. The server decides with the
 * monthly quota; the SPA only says that the institution may cover the purchase.
 */
export function useUniversityGrants(key: UniversityAccessKey): boolean {
  const { universityInfo } = usePageData();
  return !!universityInfo && grantedAccessKeys(universityInfo.access, universityInfo.new_access).has(key);
}
