import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function VipServices() {
  return <PagePlaceholder title="همانندجویی و ویرایش گرامر" />;
}
