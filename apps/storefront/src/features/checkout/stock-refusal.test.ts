// Reading the server's stock refusal, and keys for placing an order.
import { ApiError } from "@shop/api-client";
import { describe, expect, it } from "vitest";
import { newIdempotencyKey, stockRefusal, variantRefusal } from "./stock-refusal.ts";

describe("stockRefusal", () => {
  it("reads the product and what is left from a 409 stock refusal", () => {
    const body = {
      statusCode: 409,
      message: "Stock insuficiente. Disponible: 2",
      code: "INSUFFICIENT_STOCK",
      productId: "p1",
      available: 2,
    };
    expect(
      stockRefusal(new ApiError("API Error: 409 - Stock insuficiente. Disponible: 2", 409, body)),
    ).toEqual({
      productId: "p1",
      variantId: null,
      available: 2,
      message: "Stock insuficiente. Disponible: 2",
    });
    expect(stockRefusal(new ApiError("x", 409, { ...body, variantId: "v42" }))?.variantId).toBe("v42");
  });

  it("ignores other refusals and answers without the product", () => {
    const coupon = { statusCode: 409, message: "Coupon FIRST3 has been used up", code: "COUPON_USED-UP" };
    expect(stockRefusal(new ApiError("x", 409, coupon))).toBeNull();
    expect(stockRefusal(new ApiError("x", 409, { code: "OUT_OF_STOCK", message: "Agotado: X" }))).toBeNull();
    expect(
      stockRefusal(
        new ApiError("x", 400, { code: "OUT_OF_STOCK", productId: "p", available: 0, message: "m" }),
      ),
    ).toBeNull();
    expect(stockRefusal(new TypeError("Failed to fetch"))).toBeNull();
    expect(stockRefusal(null)).toBeNull();
  });
});

describe("variantRefusal", () => {
  it("reads the product whose line named no variant from a 400 VARIANT_REQUIRED, and nothing from other refusals", () => {
    const body = {
      statusCode: 400,
      message: "Choose a variant of Tempo",
      code: "VARIANT_REQUIRED",
      productId: "p1",
    };
    expect(variantRefusal(new ApiError("x", 400, body))).toBe("p1");
    expect(variantRefusal(new ApiError("x", 400, { ...body, productId: undefined }))).toBeNull();
    expect(variantRefusal(new ApiError("x", 400, { ...body, code: "VALIDATION" }))).toBeNull();
    expect(variantRefusal(new ApiError("x", 409, body))).toBeNull();
    expect(variantRefusal(null)).toBeNull();
  });
});

it("makes a new idempotency key each time, of the characters the API accepts", () => {
  const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
  expect(keys.size).toBe(50);
  for (const key of keys) expect(key).toMatch(/^[\x21-\x7e]{1,100}$/);
});
