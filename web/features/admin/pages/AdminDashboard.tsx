import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function AdminDashboard() {
  return <PagePlaceholder title="داشبورد مدیریت" />;
}
