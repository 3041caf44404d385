import { Icon } from "../../components/ui/icon";
import { NativeTabs } from "../../components/ui/native-tabs";
import { LastList } from "./last-list";
import { homeMessages as m } from "./messages";
import "./home-tabs.css";

/**
 * Tabs of latest data (search spec §2): sources used, latest downloads, latest offline book and
 * article requests. In view on a desktop's first screen, so native tabs (NativeTabs) rather than
 * react-aria's: the same keyboard and screen-reader behaviour without its collections' code.
 */
export default function HomeTabs() {
  return (
    <section className="card home-tabs" aria-label={m.tabs.label}>
      <NativeTabs
        label={m.tabs.label}
        tabs={[
          {
            id: "sources",
            label: m.tabs.sources,
            panel: () => (
              <ul className="sources-used">
                {m.sourcesUsed.map((s) => (
                  <li key={s}>
                    <Icon name="check" size={20} />
                    {s}
                  </li>
                ))}
              </ul>
            ),
          },
          { id: "last_articles", label: m.tabs.lastArticles, panel: () => <LastList kind="last_articles" label={m.tabs.lastArticles} /> },
          { id: "last_offline_books", label: m.tabs.lastOfflineBooks, panel: () => <LastList kind="last_offline_books" label={m.tabs.lastOfflineBooks} /> },
          {
            id: "last_offline_articles",
            label: m.tabs.lastOfflineArticles,
            panel: () => <LastList kind="last_offline_articles" label={m.tabs.lastOfflineArticles} />,
          },
        ]}
      />
    </section>
  );
}
