import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function AdminSolvers() {
  return <PagePlaceholder title="حل‌کننده‌ها" />;
}
