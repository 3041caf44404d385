import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function AdminUsers() {
  return <PagePlaceholder title="کاربران" />;
}
