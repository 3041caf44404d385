import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function Panel2Articles() {
  return <PagePlaceholder title="مقاله‌های دریافت‌شده" />;
}
