import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function Panel2Users() {
  return <PagePlaceholder title="کاربران سازمان" />;
}
