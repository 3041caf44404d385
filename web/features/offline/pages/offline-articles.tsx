import { MyRequestsPage } from "../my-requests-page";

export default function OfflineArticles() {
  return <MyRequestsPage group="articles" />;
}
