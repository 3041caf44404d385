import { PanelPlaceholder } from "../../../components/shell/panel-placeholder";

export type LinkPanelProps = {
  /** From /?getUrl=: start this link's download at once. */
  initialUrl?: string;
  /** From /?getOfflineUrl=&doi=&desc=: open the offline request for it. */
  initialOffline?: { url: string; doi?: string; desc?: string };
};

/** Placeholder: the link/DOI box (type 1), replaced by the fetch-pipeline feature. */
export default function LinkPanel(_props: LinkPanelProps) {
  return <PanelPlaceholder title="لینک یا DOI مقاله" />;
}
