/** Field schemas the public and admin schemas share: ids, dates, trimmed text, percent, email, passwords. */
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "../constants.ts";

export const id = z.string().min(1);
export const isoDate = z.string().min(1);
export const trimmed = (max: number) => z.string().trim().min(1).max(max);
export const percent = z.number().min(0).max(100);

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("must be a valid email address"))
  .pipe(z.string().max(254));
export const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200);
