import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function Standards() {
  return <PagePlaceholder title="استانداردهای من" />;
}
