import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.ts";

describe("a CSV cell", () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', '"\'=HYPERLINK(""http://evil.example"",""click"")"'],
    ["+1 809 555 0142", "'+1 809 555 0142"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\tcmd", "'\tcmd"],
    ["\r=1+1", '"\'\r=1+1"'],
  ])("defuses a text that starts like a formula: %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("leaves other text, numbers and booleans as they are, quoting what holds a quote, comma or line break", () => {
    expect(csvCell("Sofía Santana")).toBe("Sofía Santana");
    expect(csvCell("a, b")).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("x=1")).toBe("x=1");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(19.99)).toBe("19.99");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(new Date("2026-03-01T12:00:00Z"))).toBe("2026-03-01T12:00:00.000Z");
  });
});

describe("records as CSV", () => {
  it("writes a header, dotted columns for nested objects, lists joined, every cell by the rule", () => {
    const csv = toCsv([
      { id: "1", firstName: '=HYPERLINK("x")', address: { city: "Santiago" }, tags: ["a", "b"], total: -3 },
      { id: "2", firstName: "Ana", address: { city: "@home" }, tags: [], total: 4 },
    ]);
    expect(csv).toBe(
      [
        "id,firstName,address.city,tags,total",
        `1,"'=HYPERLINK(""x"")",Santiago,a; b,-3`,
        "2,Ana,'@home,,4",
        "",
      ].join("\r\n"),
    );
  });

  it("takes the columns given, in their order", () => {
    expect(toCsv([{ b: 2, a: "+x" }], ["a", "b"])).toBe("a,b\r\n'+x,2\r\n");
  });
});
