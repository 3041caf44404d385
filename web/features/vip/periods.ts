import { daysOfPriceKey, type DirectAccessSite } from "../../../contract/direct-access";

export type Period = { days: number; price: number };

/** A site's periods from its `price_<days>` map, shortest first. */
export const periodsOf = (s: Pick<DirectAccessSite, "prices">): Period[] =>
  Object.entries(s.prices)
    .map(([k, price]) => ({ days: daysOfPriceKey(k), price }))
    .filter((p) => p.days > 0)
    .sort((a, b) => a.days - b.days);
