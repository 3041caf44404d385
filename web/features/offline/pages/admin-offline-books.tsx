import { DeskPage } from "../desk-page";

export default function AdminOfflineBooks() {
  return <DeskPage mode="books" />;
}
