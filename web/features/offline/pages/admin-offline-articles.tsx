import { DeskPage } from "../desk-page";

export default function AdminOfflineArticles() {
  return <DeskPage mode="articles" />;
}
