import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function AdminOfflineArticles() {
  return <PagePlaceholder title="مدیریت درخواست‌های آفلاین مقاله" />;
}
