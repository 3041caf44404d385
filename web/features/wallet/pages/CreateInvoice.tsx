import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function CreateInvoice() {
  return <PagePlaceholder title="صدور فاکتور" />;
}
