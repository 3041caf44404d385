import { usePageData } from "../../lib/page-data-context";
import { useSearchType } from "../../lib/ui-state";
import { NativeButton } from "../ui/native-button";
import { Icon, type IconName } from "../ui/icon";
import { shellMessages as m } from "./messages";

type Tab = { type: number; label: string; icon: IconName /** Search types that light this tab up. */; covers: number[] };

/** Accounts spec §2: article link; search (article, thesis, standard); book search; direct access; plagiarism and grammar check. */
const bottomTabs: Tab[] = [
  { type: 1, label: m.bottomTabs.link, icon: "link", covers: [1] },
  { type: 2, label: m.bottomTabs.search, icon: "search", covers: [2, 4, 5] },
  { type: 3, label: m.bottomTabs.book, icon: "book", covers: [3] },
  { type: 6, label: m.bottomTabs.direct, icon: "globe", covers: [6] },
  { type: 7, label: m.bottomTabs.vip, icon: "plagiarism", covers: [7] },
];

/** The home page's tab bar on small screens: picks the search type and brings the search area into view. */
export function BottomTabBar() {
  const { universityInfo } = usePageData();
  const { typeOfSearch, setTypeOfSearch } = useSearchType();
  // University users have no VIP option (search spec §2), so no tab for it either.
  const tabs = universityInfo ? bottomTabs.filter((t) => t.type !== 7) : bottomTabs;
  return (
    <nav className="bottom-tab-bar" aria-label={m.landmarks.bottomNav}>
      <ul>
        {tabs.map((t) => {
          const current = t.covers.includes(typeOfSearch);
          return (
            <li key={t.type}>
              <NativeButton
                variant="ghost"
                className="bottom-tab-bar__tab"
                aria-pressed={current}
                onClick={() => {
                  setTypeOfSearch(t.type);
                  document.getElementById("search-area")?.scrollIntoView({ block: "start", behavior: "smooth" });
                }}
              >
                <Icon name={t.icon} size={22} />
                <span>{t.label}</span>
              </NativeButton>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
