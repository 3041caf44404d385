import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function Financial() {
  return <PagePlaceholder title="کیف پول و تراکنش‌ها" />;
}
