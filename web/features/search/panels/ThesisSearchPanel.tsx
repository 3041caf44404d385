import { PanelPlaceholder } from "../../../components/shell/panel-placeholder";

/** Placeholder: the search type's panel, replaced by its feature. */
export default function ThesisSearchPanel(_props: Record<string, never>) {
  return <PanelPlaceholder title="جستجوی پایان‌نامه" />;
}
