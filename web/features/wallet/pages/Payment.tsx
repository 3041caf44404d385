import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function Payment() {
  return <PagePlaceholder title="پرداخت" />;
}
