import { MyRequestsPage } from "../my-requests-page";

export default function OfflineBooksStandards() {
  return <MyRequestsPage group="books" />;
}
