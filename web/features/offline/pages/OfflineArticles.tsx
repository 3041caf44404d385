import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function OfflineArticles() {
  return <PagePlaceholder title="درخواست‌های آفلاین مقاله" />;
}
