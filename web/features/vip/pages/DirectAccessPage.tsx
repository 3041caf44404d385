import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function DirectAccessPage() {
  return <PagePlaceholder title="دسترسی مستقیم" />;
}
