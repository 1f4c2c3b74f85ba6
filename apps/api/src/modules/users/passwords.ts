/** Passwords: hashing with argon2id at the OWASP-recommended cost (19 MiB, 2 passes, 1 lane), and which new ones are refused. */
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

const OPTIONS = { algorithm: 2 /* argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the email is unknown, so both answers take the same time. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword("not-a-real-password");
  return dummy;
}

// ---------- Which new passwords are refused (NIST SP 800-63B, decision 047) ----------

/**
 * The list of common and breached passwords a new one is checked against: the 49,000 most frequent passwords of
 * public breach corpora that zxcvbn-ts ships as its common dictionary (@zxcvbn-ts/language-common), compared
 * without regard to case. Built once, on the first password set.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary["passwords-common"].map((word) => String(word).toLowerCase()));
  return common;
}

export const PASSWORD_REFUSED = {
  common:
    "This password is too common: it is on lists of passwords leaked from other sites, which are tried first. Choose another, such as a few unrelated words",
  email: "The password must not be your email address or its name part",
  repeated: "The password must not be one character repeated",
} as const;

/**
 * Why a new password is refused, or null when it may be used: on the list of common and breached passwords, the
 * account's email or its part before the @, or one character over and over. Length is the schemas' rule.
 */
export function passwordRefusal(password: string, email?: string): string | null {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return PASSWORD_REFUSED.common;
  if (email) {
    const address = email.trim().toLowerCase();
    if (lower === address || lower === address.split("@")[0]) return PASSWORD_REFUSED.email;
  }
  if (/^(.)\1*$/su.test(password)) return PASSWORD_REFUSED.repeated;
  return null;
}
