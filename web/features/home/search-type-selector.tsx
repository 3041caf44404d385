import { Icon } from "../../components/ui/icon";
import { Radio, RadioGroup } from "../../components/ui/radio-group";
import { homeMessages as m } from "./messages";
import type { SearchTypeOption } from "./search-types";

/**
 * Chooses the search type: one radio group under the prompt, so arrow keys move between the
 * options. The stylesheet decides the look (home.css): icon tiles with captions on medium and wider
 * screens (≥ 960 px), a wrapping row of chips below. One markup for every width, so the server's
 * markup is the browser's at any width and nothing is swapped after hydration.
 */
export function SearchTypeSelector({ options, value, onChange }: { options: SearchTypeOption[]; value: number; onChange(type: number): void }) {
  return (
    <RadioGroup label={m.searchPrompt} value={String(value)} onChange={(v) => onChange(Number(v))} orientation="horizontal" className="search-types">
      {options.map((o) => (
        <Radio key={o.id} value={String(o.id)} appearance="bare" className="search-tile">
          <span className="search-tile__icon" aria-hidden="true">
            <Icon name={o.icon} size={28} />
          </span>
          <span className="search-tile__caption">{o.label}</span>
        </Radio>
      ))}
    </RadioGroup>
  );
}
