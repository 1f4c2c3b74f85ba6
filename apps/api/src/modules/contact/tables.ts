/** The contact module's table. */
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, pk } from "../../db/columns.ts";

export const contactMessages = pgTable("contact_messages", {
  id: pk(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull().default(""),
  message: text("message").notNull(),
  createdAt: createdAt(),
  /** When staff marked the message handled; null while it waits for an answer. */
  handledAt: timestamp("handled_at", { withTimezone: true, mode: "date" }),
});
