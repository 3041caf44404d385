import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function DirectBooks() {
  return <PagePlaceholder title="کتاب‌های خریداری‌شده" />;
}
