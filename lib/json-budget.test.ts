import { describe, expect, it } from "vitest";
import { jsonOverBudget } from "./json-budget";

const budget = { depth: 8, values: 100 };

describe("jsonOverBudget", () => {
  it("counts nesting and values on the text, not inside strings", () => {
    expect(jsonOverBudget('{"a":[1,2,{"b":"x,[{"}]}', budget)).toBeNull();
    expect(jsonOverBudget(`"${",[{".repeat(10_000)}"`, budget)).toBeNull();
    expect(jsonOverBudget(`"\\"${",".repeat(1_000)}"`, budget)).toBeNull();
  });

  it("flags depth past the budget", () => {
    expect(jsonOverBudget("[".repeat(9) + "]".repeat(9), budget)).toBe("depth");
    expect(jsonOverBudget("[".repeat(8) + "]".repeat(8), budget)).toBeNull();
  });

  it("flags breadth past the budget: flat arrays of objects, of numbers, and objects of many keys", () => {
    expect(jsonOverBudget(`[${"{},".repeat(100)}{}]`, budget)).toBe("values");
    expect(jsonOverBudget(`[${"0,".repeat(100)}0]`, budget)).toBe("values");
    expect(jsonOverBudget(`{${Array.from({ length: 101 }, (_, i) => `"k${i}":0`).join(",")}}`, budget)).toBe("values");
    expect(jsonOverBudget(`[${"0,".repeat(90)}0]`, budget)).toBeNull();
  });
});
