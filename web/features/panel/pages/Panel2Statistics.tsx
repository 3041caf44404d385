import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function Panel2Statistics() {
  return <PagePlaceholder title="آمار سازمان" />;
}
