import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function OfflineBooksStandards() {
  return <PagePlaceholder title="درخواست‌های آفلاین کتاب و استاندارد" />;
}
