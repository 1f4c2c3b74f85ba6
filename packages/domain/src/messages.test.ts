// Holds every quoted string to the letter, so a "fix" of the spec's spelling fails here first.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUsdAsCurrency } from "./currency.ts";
import {
  accountMessages,
  cartMessages,
  counted,
  couponMessages,
  exchangeMessages,
  listMessages,
  pageMessages,
  stockMessages,
  storeMessages,
} from "./messages.ts";

describe("cartMessages", () => {
  it("holds the validation and error toasts", () => {
    expect(cartMessages.invalidId).toBe("No se puede agregar el producto al carrito: ID no válido");
    expect(cartMessages.outOfStock("Reloj")).toBe("Agotado: Reloj");
    expect(cartMessages.insufficientStock(3)).toBe("Stock insuficiente. Disponible: 3");
    expect(cartMessages.removed("Reloj")).toBe("Reloj removido del carrito");
  });

  it("holds the info and success toasts", () => {
    expect(cartMessages.cleared).toBe("Carrito vaciado");
    expect(cartMessages.added(2, "Reloj")).toBe("2 x Reloj agregado al carrito");
    expect(cartMessages.raised(2, "Reloj", 5)).toBe("+2 Reloj. Total: 5");
    expect(cartMessages.decremented("Reloj")).toBe("Cantidad decrementada para Reloj");
    expect(cartMessages.incremented("Reloj")).toBe("Cantidad incrementada para Reloj");
    expect(cartMessages.quantityUpdated(4, "Reloj")).toBe("Cantidad actualizada: 4 x Reloj");
  });

  it("holds the two strings the spec does not quote", () => {
    expect(cartMessages.notInCart).toBe("El producto no está en el carrito");
    expect(cartMessages.invalidQuantity).toBe("Cantidad no válida");
  });
});

describe("listMessages", () => {
  it("holds the compare and wishlist toasts, including the spec's 'remove to compare'", () => {
    expect(listMessages.compareAdded("Lamp")).toBe("Lamp added to compare");
    expect(listMessages.compareRemoved("Lamp")).toBe("Lamp remove to compare");
    expect(listMessages.wishlistAdded("Lamp")).toBe("Lamp added to wishlist");
    expect(listMessages.wishlistRemoved("Lamp")).toBe("Lamp removed from wishlist");
  });

  it("holds the wishlist errors", () => {
    expect(listMessages.productNotFound).toBe("Product not found");
    expect(listMessages.alreadyInWishlist).toBe("Product already in wishlist");
  });
});

describe("accountMessages", () => {
  it("holds the session and validation errors", () => {
    expect(accountMessages.invalidServerResponse).toBe("Respuesta inválida del servidor");
    expect(accountMessages.notAuthorized).toBe("No autorizado");
    expect(accountMessages.userNotAuthenticated).toBe("User not authenticated");
    expect(accountMessages.networkError).toBe(
      "Error al conectar con el servidor. Por favor, intente de nuevo.",
    );
    expect(accountMessages.changePasswordError).toBe("Error changing password");
  });

  it("fills status and body into the login, registration and user errors", () => {
    expect(accountMessages.loginError(401, "bad credentials")).toBe(
      "Error de inicio de sesión: 401 - bad credentials",
    );
    expect(accountMessages.registerError(409, "taken")).toBe("Error de registro: 409 - taken");
    expect(accountMessages.userLoadError(500)).toBe("Error cargando datos del usuario: 500");
  });

  it("fills the status into each address error", () => {
    expect(accountMessages.addressFetchError(404)).toBe("Error fetching addresses: 404");
    expect(accountMessages.addressAddError(400)).toBe("Error adding addresses: 400");
    expect(accountMessages.addressUpdateError(422)).toBe("Error updating addresses: 422");
    expect(accountMessages.addressDeleteError(403)).toBe("Error deleting addresses: 403");
    expect(accountMessages.addressDefaultError(500)).toBe("Error setting default address: 500");
  });

  it("writes the generic API error", () => {
    expect(accountMessages.apiError(502, "Bad Gateway")).toBe("API Error: 502 - Bad Gateway");
  });
});

describe("exchangeMessages", () => {
  it("holds the exchange-rate strings", () => {
    expect(exchangeMessages.fallbackWarning).toBe("Usando tasa predeterminada debido a un error en la API");
    expect(exchangeMessages.fetchError).toBe("Error al obtener tasas de cambio");
    expect(exchangeMessages.updateSuccessWord).toBe("exitosamente");
    expect(exchangeMessages.updateSuccess).toBe("Tasa de cambio actualizada exitosamente");
    expect(exchangeMessages.updateSuccess).toContain(exchangeMessages.updateSuccessWord);
  });
});

describe("storeMessages", () => {
  it("holds the fallback store errors", () => {
    expect(storeMessages.unknownError).toBe("Error desconocido");
    expect(storeMessages.wishlistUpdateError).toBe("Error updating wishlist");
    expect(storeMessages.wishlistRemoveError).toBe("Error removing from wishlist");
    expect(storeMessages.wishlistLoadError).toBe("Error loading wishlist");
  });
});

describe("pageMessages", () => {
  it("holds the not-found page, with the spec's 'embarassing'", () => {
    expect(pageMessages.notFoundStatus).toBe(404);
    expect(pageMessages.notFoundMessage).toBe("Page not found");
    expect(pageMessages.notFoundText).toBe(
      "Whoops, this is embarassing. Looks like the page you were looking for wasn't found.",
    );
    expect(pageMessages.backToHome).toBe("Back to Home");
  });

  it("holds the product page's toggle and returns note", () => {
    expect(pageMessages.seeMore).toBe("See more");
    expect(pageMessages.seeLess).toBe("See less");
    expect(pageMessages.returnsNote).toBe("30-day easy returns. Order before 2.30pm for same-day dispatch.");
  });
});

describe("couponMessages", () => {
  it("names the coupon and the reason", () => {
    expect(couponMessages.notFound("X")).toBe("Coupon X does not exist");
    expect(couponMessages.usedUp("X")).toBe("Coupon X has been used up");
    expect(couponMessages.customerLimit("X")).toBe("You have already used coupon X");
    expect(couponMessages.wrongProductType("BEAUTY15", "beauty")).toBe(
      "Coupon BEAUTY15 applies only to beauty products",
    );
  });

  it("writes dates as the UTC calendar day", () => {
    expect(couponMessages.expired("SAVE10", new Date("2026-01-31T23:59:59Z"))).toBe(
      "Coupon SAVE10 expired on 2026-01-31",
    );
    expect(couponMessages.notStarted("SAVE10", new Date("2026-03-01T00:00:00Z"))).toBe(
      "Coupon SAVE10 starts on 2026-03-01",
    );
  });

  it("writes amounts in the shopper's currency when given its formatter", () => {
    const inPesos = (usdCents: number) => formatUsdAsCurrency(usdCents, "DOP", 60);
    expect(couponMessages.applied("WELCOME10", 5691, inPesos)).toBe(
      "Coupon WELCOME10 applied: RD$3,414.60 off",
    );
    expect(couponMessages.belowMinimum("BIG50", 40000, inPesos)).toBe(
      "Coupon BIG50 needs an order of at least RD$24,000.00",
    );
    expect(couponMessages.applied("SAVE5", 500)).toBe("Coupon SAVE5 applied: US$5.00 off");
  });

  it("writes the minimum in US dollars", () => {
    expect(couponMessages.belowMinimum("SAVE10", 5000)).toBe(
      "Coupon SAVE10 needs an order of at least US$50.00",
    );
    expect(couponMessages.belowMinimum("BIG", 123456)).toBe(
      "Coupon BIG needs an order of at least US$1,234.56",
    );
  });
});

describe("counted", () => {
  it("writes one with the singular and every other count with the plural (Intl.PluralRules), never '1 items'", () => {
    expect(counted(1, "item", "items")).toBe("1 item");
    expect(counted(0, "item", "items")).toBe("0 items");
    expect(counted(2, "item", "items")).toBe("2 items");
    expect(counted(1250, "product", "products")).toBe("1,250 products");
    expect(counted(1, "category", "categories")).toBe("1 category");
  });

  it("writes every whole count as Intl writes it in English, digits grouped and plural chosen alike", () => {
    const numbers = new Intl.NumberFormat("en-US");
    const plurals = new Intl.PluralRules("en-US");
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (count) => {
        const noun = plurals.select(count) === "one" ? "item" : "items";
        expect(counted(count, "item", "items")).toBe(`${numbers.format(count)} ${noun}`);
      }),
    );
    for (const count of [0, 1, 999, 1000, 999_999, 1_000_000, -1, -1000])
      expect(counted(count, "item", "items")).toBe(
        `${numbers.format(count)} ${plurals.select(count) === "one" ? "item" : "items"}`,
      );
  });
});

describe("stockMessages", () => {
  it("says how few are left, and that the quantity chosen is all there is", () => {
    expect(stockMessages.fewLeft(2)).toBe("Only 2 left");
    expect(stockMessages.allChosen(2)).toBe("You have chosen all 2 we have");
    expect(stockMessages.allChosen(1)).toBe("You have chosen the last one");
  });
});
