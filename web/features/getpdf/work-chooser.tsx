import { useState } from "react";
import type { MatchedWork } from "../../../contract/getpdf";
import { Button } from "../../components/ui/button";
import { Radio, RadioGroup } from "../../components/ui/radio-group";
import { matchUi as t } from "./match-messages";
import { WorkCitation } from "./matched-work";
import { useRequestOfflineForText } from "./request-offline";

/**
 * Several works fit a pasted title or reference: a radio group (arrow keys move, as everywhere)
 * and a button that starts the chosen work's DOI; or none of them, as an offline request.
 */
export function WorkChooser({
  candidates,
  input,
  onChoose,
  onLeave,
}: {
  candidates: MatchedWork[];
  input: string;
  onChoose(doi: string): void;
  onLeave(): void;
}) {
  const [choice, setChoice] = useState(candidates[0]?.doi ?? "");
  const requestOffline = useRequestOfflineForText();
  return (
    <form
      className="getpdf-chooser"
      onSubmit={(e) => {
        e.preventDefault();
        if (choice) onChoose(choice);
      }}
    >
      <RadioGroup label={t.chooseLegend} value={choice} onChange={setChoice} layout="column" className="getpdf-chooser__group">
        {candidates.map((w) => (
          <Radio key={w.doi} value={w.doi} className="getpdf-chooser__option">
            <WorkCitation work={w} />
          </Radio>
        ))}
      </RadioGroup>
      <div className="getpdf-chooser__actions">
        <Button type="submit" isDisabled={!choice}>
          {t.chooseStart}
        </Button>
        <Button
          variant="ghost"
          onPress={() => {
            onLeave();
            requestOffline(input);
          }}
        >
          {t.noneOfThese}
        </Button>
      </div>
    </form>
  );
}
