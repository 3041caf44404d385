import { Icon } from "../ui/icon";
import { shellMessages as m } from "./messages";

/** A search panel whose feature has not landed yet. */
export function PanelPlaceholder({ title }: { title: string }) {
  return (
    <div className="panel-placeholder">
      <Icon name="clock" size={26} />
      <div>
        <h2 className="panel-placeholder__title">{title}</h2>
        <p>{m.placeholder}</p>
      </div>
    </div>
  );
}
