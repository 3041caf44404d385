import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function AdminOfflineBooks() {
  return <PagePlaceholder title="مدیریت درخواست‌های آفلاین کتاب" />;
}
