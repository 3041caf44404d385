import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function Panel2UserGroup() {
  return <PagePlaceholder title="گروه‌های کاربری" />;
}
