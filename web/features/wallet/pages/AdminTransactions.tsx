import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function AdminTransactions() {
  return <PagePlaceholder title="تراکنش‌ها" />;
}
