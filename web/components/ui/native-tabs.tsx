import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import "./tabs.css";

export type NativeTab = { id: string; label: ReactNode; panel: () => ReactNode };

/**
 * Tabs without react-aria, for a first screen (home's latest-data tabs are in view on a desktop):
 * the ARIA tabs pattern as react-aria's Tabs gives it. One Tab stop (the chosen tab), arrow keys
 * move and choose (ArrowLeft is the next tab in right-to-left), Home and End, wrapping at the ends;
 * each tab names its panel and the panel its tab; only the chosen panel is mounted.
 */
export function NativeTabs({ label, tabs, defaultSelected }: { label: string; tabs: NativeTab[]; defaultSelected?: string }) {
  const [selected, setSelected] = useState(defaultSelected ?? tabs[0]?.id);
  const base = useId();
  const tabRefs = useRef(new Map<string, HTMLDivElement>());
  const choose = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setSelected(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((t) => t.id === selected);
    const rtl = getComputedStyle(e.currentTarget).direction === "rtl";
    const step = { ArrowLeft: rtl ? 1 : -1, ArrowRight: rtl ? -1 : 1 }[e.key as "ArrowLeft" | "ArrowRight"];
    if (step !== undefined) choose(at + step);
    else if (e.key === "Home") choose(0);
    else if (e.key === "End") choose(tabs.length - 1);
    else return;
    e.preventDefault();
  };
  const current = tabs.find((t) => t.id === selected);
  return (
    <div className="ui-tabs">
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className="ui-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are handled on the tablist (roving focus), as the WAI-ARIA tabs pattern does
          <div
            key={t.id}
            ref={(el) => {
              if (el) tabRefs.current.set(t.id, el);
              else tabRefs.current.delete(t.id);
            }}
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-selected={t.id === selected}
            aria-controls={t.id === selected ? `${base}-panel-${t.id}` : undefined}
            tabIndex={t.id === selected ? 0 : -1}
            data-selected={t.id === selected || undefined}
            className="ui-tabs__tab"
            onClick={() => setSelected(t.id)}
          >
            {t.label}
          </div>
        ))}
      </div>
      {current && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes the panel focusable when it holds no focusable content first
        <div role="tabpanel" id={`${base}-panel-${current.id}`} aria-labelledby={`${base}-tab-${current.id}`} tabIndex={0} className="ui-tabs__panel">
          {current.panel()}
        </div>
      )}
    </div>
  );
}
