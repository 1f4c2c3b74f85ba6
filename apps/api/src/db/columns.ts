/** Columns every table spells the same way: its uuid key and its creation and change times. */
import { timestamp, uuid } from "drizzle-orm/pg-core";

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const pk = () => uuid("id").primaryKey().defaultRandom();
