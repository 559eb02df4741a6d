import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** docs/decisions/README.md lists every record, with its title, date and status. */
const dir = "docs/decisions";
const records = readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = readFileSync(`${dir}/README.md`, "utf8");

describe("the index of decision records", () => {
  it.each(records)("lists %s with its title, a date and a status", (name) => {
    const title = /^# \d{3}: (.+)$/m.exec(readFileSync(`${dir}/${name}`, "utf8"))?.[1];
    const row = index.split("\n").find((line) => line.includes(`](${name})`));
    expect(row, `${name} is not in the index`).toBeDefined();
    const [, number, link, date, status] = row!.split("|").map((cell) => cell.trim());
    expect(number).toBe(name.slice(0, 3));
    expect(link).toBe(`[${title}](${name})`);
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(status).toMatch(/^(accepted|superseded)/);
  });

  it("links only to records that exist", () => {
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((match) => match[1]);
    expect(new Set(linked)).toEqual(new Set(records));
  });
});
