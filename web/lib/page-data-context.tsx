import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { PageData } from "../../contract/page-data";
import type { UserInfo } from "../../contract/user-info";
import { readPageData } from "./page-data";

const emptyPageData: PageData = {
  userInfo: null,
  universityInfo: null,
  userType: "ordinary",
  siteInfo: { successful_download: 0, successful_download_percent: 0, successful_download_yesterday: 0, number_of_users: 0, contract_centers: 0 },
  pricesPackages: [],
  lastBlogPosts: [],
  news: [],
  gateways: [],
  mobileSmsConfirmation: false,
  showOldTabStandardSearch: false,
  isGuest: true,
  isAdmin: false,
  isSolver: false,
  isContract: false,
  contact: { phone: "", email: "", hours: "", social: [] },
  outsideLinks: [],
  footerLinks: [],
  environment: "production",
};

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
