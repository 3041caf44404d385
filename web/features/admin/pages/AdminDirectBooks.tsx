import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function AdminDirectBooks() {
  return <PagePlaceholder title="کتاب‌های خرید مستقیم" />;
}
