/** What JSON text may make JSON.parse build: how deep it nests, and how many values it holds. */
export type JsonBudget = { depth: number; values: number };

/**
 * Which budget JSON text is over ("depth" or "values"), or null when it is within both, read on
 * the text before JSON.parse builds anything (strings skipped, escapes honoured). One pass, no
 * allocation. Depth alone is not enough: 6 MB of `[{},{},…]` nests two levels and is two million
 * objects (~200 MB). Values are counted as arrays, objects and commas (every value after the first
 * of an array or object follows a comma), an upper bound of what the parser makes.
 */
export function jsonOverBudget(text: string, budget: JsonBudget): "depth" | "values" | null {
  let depth = 0;
  let values = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i++;
        else if (d === 34) break;
      }
    } else if (c === 91 || c === 123) {
      if (++depth > budget.depth) return "depth";
      if (++values > budget.values) return "values";
    } else if (c === 44 /* , */) {
      if (++values > budget.values) return "values";
    } else if (c === 93 || c === 125) depth--;
  }
  return null;
}
