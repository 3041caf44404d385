import { PageHeading } from "../../../components/shell/page-heading";
import { Tab, TabList, TabPanel, Tabs } from "../../../components/ui/tabs";
import { AdminGrants } from "../admin-grants";
import { AdminServices } from "../admin-services";
import { AdminSites } from "../admin-sites";
import { vipUi } from "../messages";
import "../vip.css";

const t = vipUi.admin;

/** /admin/directAccess: sites and period prices with their account pools, sold grants, and the VIP service desk. */
export default function AdminDirectAccess() {
  const initial = typeof location !== "undefined" && new URLSearchParams(location.search).get("tab") === "services" ? "services" : "sites";
  return (
    <div className="container page vip-page">
      <PageHeading title={t.title} />
      <Tabs defaultSelectedKey={initial}>
        <TabList aria-label={t.title}>
          <Tab id="sites">{t.tabs.sites}</Tab>
          <Tab id="grants">{t.tabs.grants}</Tab>
          <Tab id="services">{t.tabs.services}</Tab>
        </TabList>
        <TabPanel id="sites">
          <AdminSites />
        </TabPanel>
        <TabPanel id="grants">
          <AdminGrants />
        </TabPanel>
        <TabPanel id="services">
          <AdminServices />
        </TabPanel>
      </Tabs>
    </div>
  );
}
