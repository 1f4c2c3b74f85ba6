// What a refused sign-in says, in English and Spanish, from errors shaped exactly as the API and the client give them.
import { ApiError, NetworkError } from "@shop/api-client";
import { accountMessages } from "@shop/domain/messages";
import polyglotI18nProvider from "ra-i18n-polyglot";
import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.ts";
import { es } from "../i18n/es.ts";
import { signInMessage, waitIn } from "./auth-provider.ts";

const texts = (locale: "en" | "es") =>
  polyglotI18nProvider(() => (locale === "es" ? es : en), locale, [], { allowMissing: true });

/** The client's error for a login the API refused, its message carrying the raw answer as the spec words it. */
function refused(status: number, body: Record<string, unknown>) {
  const text = JSON.stringify({ statusCode: status, ...body });
  return new ApiError(
    accountMessages.loginError(status, text),
    status,
    { statusCode: status, ...body },
    "auth.login",
  );
}

const wrongPassword = refused(401, { error: "Unauthorized", message: "Invalid email or password" });
const delayed = refused(429, {
  error: "Too Many Requests",
  code: "LOGIN_DELAYED",
  message: "Too many attempts on this account; try again in 15 minutes, or reset the password by mail",
});
const limited = refused(429, {
  error: "Too Many Requests",
  code: "RATE_LIMITED",
  message: "Too many attempts; try again in 40 seconds",
});

describe("signInMessage", () => {
  it("says why in English: wrong credentials, how long to wait, the server out of reach", () => {
    expect(signInMessage(wrongPassword, texts("en"))).toBe("Wrong email or password.");
    expect(signInMessage(delayed, texts("en"))).toBe(
      "Too many attempts on this account; try again in 15 minutes, or reset the password by mail.",
    );
    expect(signInMessage(limited, texts("en"))).toBe("Too many attempts; try again in 40 seconds.");
    expect(signInMessage(new NetworkError("auth.login"), texts("en"))).toBe(
      "The shop's server cannot be reached; check the connection and try again.",
    );
    expect(signInMessage(refused(503, { error: "Service Unavailable" }), texts("en"))).toBe(
      "Sign-in failed (error 503); try again in a moment.",
    );
  });

  it("says the same in Spanish, the wait included", () => {
    expect(signInMessage(wrongPassword, texts("es"))).toBe("Correo electrónico o contraseña incorrectos.");
    expect(signInMessage(delayed, texts("es"))).toBe(
      "Demasiados intentos en esta cuenta; vuelva a intentarlo en 15 minutos o restablezca la contraseña por correo.",
    );
    expect(signInMessage(limited, texts("es"))).toBe(
      "Demasiados intentos; vuelva a intentarlo en 40 segundos.",
    );
  });

  it("never shows the API's raw answer", () => {
    for (const error of [
      wrongPassword,
      delayed,
      limited,
      refused(500, {}),
      refused(418, { message: "{}" }),
    ]) {
      for (const locale of ["en", "es"] as const) {
        const message = signInMessage(error, texts(locale));
        expect(message).not.toMatch(/statusCode|Error de inicio de sesión|[{}]/);
      }
    }
  });
});

describe("waitIn", () => {
  it("writes the API's wait in the screen's language", () => {
    expect(waitIn("try again in 1 minute", "en")).toBe("1 minute");
    expect(waitIn("try again in 2 hours", "es")).toBe("2 horas");
    expect(waitIn("no wait named", "es")).toBeNull();
  });
});
