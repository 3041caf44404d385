import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function AdminDirectAccess() {
  return <PagePlaceholder title="مدیریت دسترسی مستقیم" />;
}
