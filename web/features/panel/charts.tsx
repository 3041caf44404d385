import { useEffect, useRef, useState } from "react";
import { formatNumber } from "../../../lib/format";
import type { MonthUsage } from "../../../contract/panel";
import { monthLabel, panelMessages as m } from "./messages";

/** An axis maximum whose four grid steps are whole "nice" numbers (1, 2, 5 × 10ⁿ). */
export function niceMax(v: number): number {
  if (!(v > 0)) return 4;
  const raw = v / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, ([1, 2, 5, 10].find((f) => f * p >= raw) ?? 10) * p);
  return step * 4;
}

/** A quota meter: used against quota, filled from the right (RTL). */
export function QuotaMeter({ label, used, quota }: { label: string; used: number; quota: number | null }) {
  const share = quota ? Math.min(1, used / quota) : 0;
  const tone = quota === null ? "free" : share >= 1 ? "full" : share >= 0.8 ? "high" : "ok";
  return (
    <div className="panel-meter">
      <span className="panel-meter__label">{label}</span>
      <svg
        className={`panel-meter__bar panel-meter__bar--${tone}`}
        viewBox="0 0 100 8"
        preserveAspectRatio="none"
        role="img"
        aria-label={`${label}: ${m.statistics.usedOf(used, quota)}`}
      >
        <rect className="panel-meter__track" x="0" y="0" width="100" height="8" rx="4" />
        {quota !== null && share > 0 && <rect className="panel-meter__fill" x={100 - share * 100} y="0" width={share * 100} height="8" rx="4" />}
      </svg>
      <span className="panel-meter__value">{m.statistics.usedOf(used, quota)}</span>
    </div>
  );
}

const H = 240;
const PAD = { top: 16, right: 44, bottom: 34, left: 12 };

/** The element's width in CSS pixels, so one SVG unit is one pixel and text keeps its size on every screen. */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(([entry]) => {
      const w = Math.round(entry?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, width };
}

/** Months oldest-first come in; in a right-to-left page the oldest sits on the right. */
function slotX(W: number, i: number, n: number) {
  const inner = W - PAD.left - PAD.right;
  const slot = inner / n;
  return { x: W - PAD.right - (i + 1) * slot, slot };
}

function Grid({ max, W }: { max: number; W: number }) {
  const inner = H - PAD.top - PAD.bottom;
  return (
    <g className="panel-chart__grid">
      {[0, 0.25, 0.5, 0.75, 1].map((f) => {
        const y = PAD.top + inner * (1 - f);
        return (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} />
            <text x={W - PAD.right + 6} y={y + 4} textAnchor="start">
              {formatNumber(Math.round(max * f))}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** Members' activity per month: successful and other downloads (stacked) and offline requests. */
export function ActivityChart({ months }: { months: MonthUsage[] }) {
  const { ref, width: W } = useWidth<HTMLElement>(640);
  const max = niceMax(Math.max(...months.map((x) => Math.max(x.downloads_all, x.offline_requests))));
  const inner = H - PAD.top - PAD.bottom;
  const h = (v: number) => (v / max) * inner;
  const base = PAD.top + inner;
  const summary = months
    .map(
      (x) =>
        `${monthLabel(x.month)}: ${formatNumber(x.downloads_ok)} ${m.statistics.ok}، ${formatNumber(x.downloads_all)} ${m.statistics.all}، ${formatNumber(x.offline_requests)} ${m.statistics.offline}`,
    )
    .join("؛ ");
  return (
    <figure className="panel-chart" ref={ref}>
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={`${m.statistics.activityChart}. ${summary}`} data-testid="activity-chart">
        <Grid max={max} W={W} />
        {months.map((x, i) => {
          const { x: sx, slot } = slotX(W, i, months.length);
          const bw = Math.min(28, slot / 3.2);
          const cx = sx + slot / 2;
          const failed = x.downloads_all - x.downloads_ok;
          return (
            <g key={x.month}>
              {/* downloads: ok at the bottom, the rest stacked on it */}
              <rect className="panel-chart__ok" x={cx + 2} y={base - h(x.downloads_ok)} width={bw} height={h(x.downloads_ok)} />
              <rect className="panel-chart__failed" x={cx + 2} y={base - h(x.downloads_all)} width={bw} height={h(failed)} />
              <rect className="panel-chart__offline" x={cx - bw - 2} y={base - h(x.offline_requests)} width={bw} height={h(x.offline_requests)} />
              <text className="panel-chart__label" x={cx} y={H - 12} textAnchor="middle">
                {monthLabel(x.month, false)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="panel-legend">
        <span className="panel-legend__item panel-legend__item--ok">{m.statistics.ok}</span>
        <span className="panel-legend__item panel-legend__item--failed">{m.statistics.all}</span>
        <span className="panel-legend__item panel-legend__item--offline">{m.statistics.offline}</span>
      </figcaption>
    </figure>
  );
}

const SW = 220;
const SH = 110;

/** One access key over the months: bars of use, a dashed line at the monthly quota. */
export function KeyUsageChart({ label, months, keyName, quota }: { label: string; months: MonthUsage[]; keyName: string; quota: number | null }) {
  const values = months.map((x) => x.usage[keyName] ?? 0);
  const max = niceMax(Math.max(quota ?? 0, ...values));
  const top = 10;
  const bottom = 22;
  const inner = SH - top - bottom;
  const slot = SW / months.length;
  const qy = quota !== null ? top + inner * (1 - quota / max) : null;
  return (
    <figure className="panel-mini">
      <figcaption className="panel-mini__title">{label}</figcaption>
      <svg
        viewBox={`0 0 ${SW} ${SH}`}
        role="img"
        aria-label={`${label}: ${months.map((x, i) => `${monthLabel(x.month)} ${formatNumber(values[i]!)}`).join("، ")}${quota !== null ? `؛ ${m.statistics.quota} ${formatNumber(quota)}` : ""}`}
        data-testid={`usage-chart-${keyName}`}
      >
        {months.map((x, i) => {
          const v = values[i]!;
          const bh = (v / max) * inner;
          const sx = SW - (i + 1) * slot;
          const over = quota !== null && v >= quota;
          return (
            <g key={x.month}>
              <rect
                className={over ? "panel-mini__bar panel-mini__bar--full" : "panel-mini__bar"}
                x={sx + slot * 0.2}
                y={top + inner - bh}
                width={slot * 0.6}
                height={Math.max(bh, v > 0 ? 1 : 0)}
              />
              <text className="panel-chart__label" x={sx + slot / 2} y={SH - 6} textAnchor="middle">
                {monthLabel(x.month, false).slice(0, 3)}
              </text>
            </g>
          );
        })}
        {qy !== null && <line className="panel-mini__quota" x1="0" x2={SW} y1={qy} y2={qy} />}
      </svg>
    </figure>
  );
}
