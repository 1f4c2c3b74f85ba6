// Taxpayer numbers by their check digits, e-NCF numbers, and the warnings a range gives before it ends.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dominicanDate,
  formatEncf,
  numbersLeft,
  parseTaxId,
  RANGE_WARNING,
  rangeWarning,
  receiptQrUrl,
  saleReceiptType,
} from "./fiscal.ts";

describe("parseTaxId", () => {
  it("accepts RNCs and cédulas whose check digit holds, with or without separators", () => {
    expect(parseTaxId("1-01-85004-3")).toEqual({ ok: true, taxId: "101850043", kind: "rnc" });
    expect(parseTaxId("131246796")).toEqual({ ok: true, taxId: "131246796", kind: "rnc" });
    expect(parseTaxId("001-1391820-5")).toEqual({ ok: true, taxId: "00113918205", kind: "cedula" });
    expect(parseTaxId(" 402-0057193-9 ")).toEqual({ ok: true, taxId: "40200571939", kind: "cedula" });
  });

  it("refuses a wrong check digit", () => {
    expect(parseTaxId("101850042")).toMatchObject({
      ok: false,
      message: expect.stringContaining("check digit"),
    });
    expect(parseTaxId("00113918204")).toMatchObject({ ok: false });
  });

  it("refuses other lengths and letters", () => {
    for (const bad of ["", "12345678", "1234567890", "1018A0043", "123456789012"]) {
      expect(parseTaxId(bad)).toMatchObject({ ok: false, message: expect.stringContaining("9 digits") });
    }
  });

  it("of every nine-digit body, exactly one check digit is accepted", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (body) => {
        const first8 = String(body).padStart(8, "0");
        const accepted = [..."0123456789"].filter((d) => parseTaxId(first8 + d).ok);
        expect(accepted).toHaveLength(1);
      }),
    );
  });
});

describe("formatEncf and saleReceiptType", () => {
  it("writes E, the type and ten digits", () => {
    expect(formatEncf("E32", 1)).toBe("E320000000001");
    expect(formatEncf("E31", 9_999_999_999)).toBe("E319999999999");
    expect(formatEncf("E34", 123)).toHaveLength(13);
    expect(() => formatEncf("E32", 0)).toThrow(RangeError);
    expect(() => formatEncf("E32", 10_000_000_000)).toThrow(RangeError);
  });

  it("is E31 with a buyer's number, E32 without", () => {
    expect(saleReceiptType("101850043")).toBe("E31");
    expect(saleReceiptType(null)).toBe("E32");
  });
});

describe("rangeWarning", () => {
  const range = {
    type: "E32" as const,
    firstNumber: 1,
    lastNumber: 1000,
    nextNumber: 1,
    expiresOn: "2026-12-31",
  };
  it("says nothing while numbers and days are plenty", () => {
    expect(rangeWarning(range, "2026-06-01")).toBeNull();
  });
  it("warns when few numbers are left, and when the expiry is near", () => {
    expect(
      rangeWarning({ ...range, nextNumber: 1000 - RANGE_WARNING.numbersLeft + 1 }, "2026-06-01"),
    ).toEqual({
      kind: "running-out",
      numbersLeft: RANGE_WARNING.numbersLeft,
    });
    expect(rangeWarning(range, "2026-12-01")).toEqual({ kind: "expiring", daysLeft: 30 });
    expect(rangeWarning(range, "2026-12-31")).toEqual({ kind: "expiring", daysLeft: 0 });
  });
  it("says used up and expired", () => {
    expect(rangeWarning({ ...range, nextNumber: 1001 }, "2026-06-01")).toEqual({ kind: "used-up" });
    expect(numbersLeft({ ...range, nextNumber: 1001 })).toBe(0);
    expect(rangeWarning(range, "2027-01-01")).toEqual({ kind: "expired" });
  });
  it("counts days in Santo Domingo's calendar", () => {
    expect(dominicanDate(new Date("2026-01-01T03:59:00Z"))).toBe("2025-12-31");
    expect(dominicanDate(new Date("2026-01-01T04:00:00Z"))).toBe("2026-01-01");
  });
});

describe("receiptQrUrl", () => {
  const base = {
    environment: "testecf" as const,
    issuerRnc: "131880738",
    encf: "E320000000064",
    issuedAt: new Date("2020-10-10T13:00:00Z"),
    signedAt: new Date("2020-10-10T13:00:00Z"),
    securityCode: "UABNYH",
  };
  it("checks a consumer invoice under RD$250,000 in the FC service, as the DGII's example", () => {
    expect(receiptQrUrl({ ...base, type: "E32", buyerTaxId: null, totalCents: 622509 })).toBe(
      "https://fc.dgii.gov.do/testecf/consultatimbrefc?rncemisor=131880738&encf=E320000000064&montototal=6225.09&codigoseguridad=UABNYH",
    );
  });
  it("checks every other receipt in the e-CF service, with the buyer and the dates", () => {
    expect(
      receiptQrUrl({ ...base, type: "E31", encf: "E310000000001", buyerTaxId: "130000002", totalCents: 211 }),
    ).toBe(
      "https://ecf.dgii.gov.do/testecf/consultatimbre?rncemisor=131880738&rnccomprador=130000002&encf=E310000000001&fechaemision=10-10-2020&montototal=2.11&fechafirma=10-10-2020%2009%3A00%3A00&codigoseguridad=UABNYH",
    );
  });
});
