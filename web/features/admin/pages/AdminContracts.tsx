import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function AdminContracts() {
  return <PagePlaceholder title="قراردادها" />;
}
