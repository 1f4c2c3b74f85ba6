// The storefront's forms may post to the card gateway's hosted page, and to nothing else but the shop.
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./csp.ts";

const formAction = (policy: string) => policy.split("; ").find((d) => d.startsWith("form-action"));

describe("form-action", () => {
  it("is the shop alone unless a card gateway's page is named, and only on the storefront", () => {
    expect(formAction(contentSecurityPolicy("storefront"))).toBe("form-action 'self'");
    const gateway = { formActions: ["https://pagos.azul.com.do"] };
    expect(formAction(contentSecurityPolicy("storefront", gateway))).toBe(
      "form-action 'self' https://pagos.azul.com.do",
    );
    expect(formAction(contentSecurityPolicy("backoffice", gateway))).toBe("form-action 'self'");
  });
});
