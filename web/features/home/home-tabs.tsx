import { Icon } from "../../components/ui/icon";
import { Tab, TabList, TabPanel, Tabs } from "../../components/ui/tabs";
import { LastList } from "./last-list";
import { homeMessages as m } from "./messages";
import "./home-tabs.css";

/** Tabs of latest data (search spec §2): sources used, latest downloads, latest offline book and article requests. */
export default function HomeTabs() {
  return (
    <section className="card home-tabs" aria-label={m.tabs.label}>
      <Tabs defaultSelectedKey="sources">
        <TabList aria-label={m.tabs.label}>
          <Tab id="sources">{m.tabs.sources}</Tab>
          <Tab id="last_articles">{m.tabs.lastArticles}</Tab>
          <Tab id="last_offline_books">{m.tabs.lastOfflineBooks}</Tab>
          <Tab id="last_offline_articles">{m.tabs.lastOfflineArticles}</Tab>
        </TabList>
        <TabPanel id="sources">
          <ul className="sources-used">
            {m.sourcesUsed.map((s) => (
              <li key={s}>
                <Icon name="check" size={20} />
                {s}
              </li>
            ))}
          </ul>
        </TabPanel>
        <TabPanel id="last_articles">
          <LastList kind="last_articles" label={m.tabs.lastArticles} />
        </TabPanel>
        <TabPanel id="last_offline_books">
          <LastList kind="last_offline_books" label={m.tabs.lastOfflineBooks} />
        </TabPanel>
        <TabPanel id="last_offline_articles">
          <LastList kind="last_offline_articles" label={m.tabs.lastOfflineArticles} />
        </TabPanel>
      </Tabs>
    </section>
  );
}
