import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function Scifinders() {
  return <PagePlaceholder title="اکانت‌های SciFinder" />;
}
