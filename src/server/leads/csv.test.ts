import { describe, expect, it } from "vitest";
import { neutralizeCell } from "./csv";

describe("neutralizeCell", () => {
  it.each([
    ["=", '=HYPERLINK("http://evil.test")'],
    ["+", "+1+1"],
    ["-", "-2+3"],
    ["@", "@SUM(A1)"],
    ["tab", "\t=1"],
    ["carriage return", "\r=1"],
    ["full-width =", '＝HYPERLINK("http://evil.test")'],
    ["full-width +", "＋1＋1"],
    ["full-width -", "－2+3"],
    ["full-width @", "＠SUM(A1)"],
    ["small =", "﹦1+1"],
    ["small +", "﹢1"],
    ["small -", "﹣1"],
    ["small @", "﹫SUM(A1)"],
    ["superscript =", "⁼1+1"],
    ["subscript =", "₌1+1"],
    ["superscript +", "⁺1"],
    ["subscript +", "₊1"],
    ["minus sign", "−1+1"],
    ["superscript minus", "⁻1"],
    ["subscript minus", "₋1"],
  ])("prefixes a cell starting with %s", (_, cell) => {
    expect(neutralizeCell(cell)).toBe(`'${cell}`);
  });

  it.each([
    "Maria Lopez",
    "",
    "'already text",
    "1+1",
    "a = b",
    "ＨＡＲＢＯＲ", // full-width letters are text
    "「＝」", // a formula character after the first is harmless
    "😀=1",
  ])("leaves %j as it is", (cell) => {
    expect(neutralizeCell(cell)).toBe(cell);
  });
});
