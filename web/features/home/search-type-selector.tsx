import { Icon } from "../../components/ui/icon";
import { Radio, RadioGroup } from "../../components/ui/radio-group";
import { useIsMediumUp } from "../../lib/use-media-query";
import { homeMessages as m } from "./messages";
import type { SearchTypeOption } from "./search-types";

/**
 * Chooses the search type. Medium and wider screens (≥ 960 px) get icon tiles with captions;
 * small screens a row of radio buttons under the prompt. Both are one radio group, so arrow keys
 * move between the options.
 */
export function SearchTypeSelector({ options, value, onChange }: { options: SearchTypeOption[]; value: number; onChange(type: number): void }) {
  const tiles = useIsMediumUp();
  return (
    <RadioGroup
      label={m.searchPrompt}
      value={String(value)}
      onChange={(v) => onChange(Number(v))}
      orientation="horizontal"
      className={tiles ? "search-types search-types--tiles" : "search-types search-types--radios"}
    >
      {options.map((o) =>
        tiles ? (
          <Radio key={o.id} value={String(o.id)} appearance="bare" className="search-tile">
            <span className="search-tile__icon" aria-hidden="true">
              <Icon name={o.icon} size={28} />
            </span>
            <span className="search-tile__caption">{o.label}</span>
          </Radio>
        ) : (
          <Radio key={o.id} value={String(o.id)} appearance="chip">
            {o.label}
          </Radio>
        ),
      )}
    </RadioGroup>
  );
}
