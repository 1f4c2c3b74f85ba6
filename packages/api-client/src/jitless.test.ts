// The entry-first module turns zod's compiled parsers off, as z.config({ jitless: true }) would.
import { describe, expect, it } from "vitest";

describe("jitless", () => {
  it("sets zod's own setting, read by every copy of zod, even when zod loads afterwards", async () => {
    await import("./jitless.ts");
    const { config, z } = await import("zod");
    expect(config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: "x", b: 1 })).toEqual({ a: "x" });
  });
});
