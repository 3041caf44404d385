import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function Solver() {
  return <PagePlaceholder title="داشبورد حل‌کننده" />;
}
