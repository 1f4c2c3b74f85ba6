CREATE TABLE "fiscal_data" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rnc" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_data_one_row" CHECK ("fiscal_data"."id" = 1)
);
