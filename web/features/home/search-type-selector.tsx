import { Icon } from "../../components/ui/icon";
import { NativeRadioGroup } from "../../components/ui/native-radio-group";
import { homeMessages as m } from "./messages";
import type { SearchTypeOption } from "./search-types";

/**
 * Chooses the search type: one radio group under the prompt, so arrow keys move between the
 * options (native radios: the first screen needs none of react-aria's code). The stylesheet decides
 * the look (home.css): icon tiles with captions on medium and wider screens (≥ 960 px), a wrapping
 * row of chips below. One markup for every width, so the server's markup is the browser's at any
 * width and nothing is swapped after hydration.
 */
export function SearchTypeSelector({ options, value, onChange }: { options: SearchTypeOption[]; value: number; onChange(type: number): void }) {
  return (
    <NativeRadioGroup
      label={m.searchPrompt}
      value={String(value)}
      onChange={(v) => onChange(Number(v))}
      className="search-types"
      optionClassName="search-tile"
      options={options.map((o) => ({
        value: String(o.id),
        content: (
          <>
            <span className="search-tile__icon" aria-hidden="true">
              <Icon name={o.icon} size={28} />
            </span>
            <span className="search-tile__caption">{o.label}</span>
          </>
        ),
      }))}
    />
  );
}
