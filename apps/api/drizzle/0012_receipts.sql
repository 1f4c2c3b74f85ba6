CREATE TABLE "order_fiscal" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"itbis_cents" integer NOT NULL,
	"currency_itbis_cents" integer NOT NULL,
	"detail" jsonb NOT NULL,
	"buyer_tax_id" text,
	"buyer_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_itbis_rates" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"rate" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_itbis_rates_rate_check" CHECK ("product_itbis_rates"."rate" in (18, 16, 0))
);
--> statement-breakpoint
CREATE TABLE "receipt_ranges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"first_number" bigint NOT NULL,
	"last_number" bigint NOT NULL,
	"next_number" bigint NOT NULL,
	"expires_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_ranges_type_check" CHECK ("receipt_ranges"."type" in ('E31','E32','E34')),
	CONSTRAINT "receipt_ranges_numbers_check" CHECK ("receipt_ranges"."first_number" >= 1 and "receipt_ranges"."last_number" <= 9999999999 and "receipt_ranges"."first_number" <= "receipt_ranges"."last_number" and "receipt_ranges"."next_number" between "receipt_ranges"."first_number" and "receipt_ranges"."last_number" + 1)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"encf" text NOT NULL,
	"range_id" uuid NOT NULL,
	"corrects_id" uuid,
	"document" jsonb NOT NULL,
	"security_code" text NOT NULL,
	"access_key" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"signed_xml" text,
	"dgii_track_id" text,
	"dgii_status" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_type_check" CHECK ("receipts"."type" in ('E31','E32','E34'))
);
--> statement-breakpoint
ALTER TABLE "order_fiscal" ADD CONSTRAINT "order_fiscal_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_itbis_rates" ADD CONSTRAINT "product_itbis_rates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_range_id_receipt_ranges_id_fk" FOREIGN KEY ("range_id") REFERENCES "public"."receipt_ranges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipt_ranges_type_idx" ON "receipt_ranges" USING btree ("type","expires_on");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_encf_key" ON "receipts" USING btree ("encf");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_sale_key" ON "receipts" USING btree ("order_id") WHERE "receipts"."type" in ('E31','E32');--> statement-breakpoint
CREATE INDEX "receipts_order_idx" ON "receipts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "receipts_issued_at_idx" ON "receipts" USING btree ("issued_at");