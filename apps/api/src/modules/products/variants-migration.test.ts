/** A shop's database from before variants migrates: every product gets its variants, every order keeps its lines. */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { productSchema } from "@shop/domain/schemas/public";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase } from "../../db/client.ts";
import { TEST_PGLITE_OPTIONS } from "../../test/global-setup.ts";
import { findProductRow, toProduct } from "./repository.ts";

const CATEGORY = "11111111-1111-4111-8111-111111111111";
const SHOE = "22222222-2222-4222-8222-222222222222";
const LAMP = "33333333-3333-4333-8333-333333333333";
const MUG = "44444444-4444-4444-8444-444444444444";
const USER = "55555555-5555-4555-8555-555555555555";
const ORDER = "66666666-6666-4666-8666-666666666666";

describe("the variants migration", () => {
  it("gives each product variants from its colours and sizes, its stock spread over them, and ties old lines", async () => {
    const earlier = await mkdtemp(join(tmpdir(), "shop-migrations-"));
    try {
      // A database as the last version left it: migrated up to the migration before variants.
      await cp(migrationsFolder, earlier, { recursive: true });
      const journalFile = join(earlier, "meta", "_journal.json");
      const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
      journal.entries = journal.entries.slice(
        0,
        journal.entries.findIndex((entry) => entry.tag.endsWith("_variants")),
      );
      await writeFile(journalFile, JSON.stringify(journal));
      const client = await PGlite.create(TEST_PGLITE_OPTIONS);
      await migrate(drizzle(client), { migrationsFolder: earlier });
      await client.exec(`
        insert into categories (id, name, slug, product_type) values ('${CATEGORY}', 'Shoes', 'shoes', 'fashion');
        insert into products (id, sku, title, slug, image_urls, category_id, product_type, price_cents, sale_price_cents, quantity, sizes)
        values
          ('${SHOE}', 'TKRS-01', 'Tempo Knit Running Shoe', 'tempo', '[{"img":"/a.png","color":{"name":"Coral","clrCode":"#F26B5B"}},{"img":"/b.png","color":{"name":"Navy","clrCode":"#1F3A5F"}},{"img":"/c.png","color":{"name":"Coral","clrCode":"#F26B5B"}}]', '${CATEGORY}', 'fashion', 8999, 8999, 13, '["41","42","43"]'),
          ('${LAMP}', 'LAMP-1', 'Desk Lamp', 'lamp', '[{"img":"/l.png","color":null}]', '${CATEGORY}', 'fashion', 2500, 2500, 4, '[]'),
          ('${MUG}', 'MUG-1', 'Mug', 'mug', '[{"img":"/m.png","color":{"name":"White","clrCode":"#FFFFFF"}},{"img":"/n.png","color":{"name":"Black","clrCode":"#000000"}}]', '${CATEGORY}', 'fashion', 900, 900, 0, '[]');
        insert into users (id, email, password_hash, first_name, last_name) values ('${USER}', 'old@shop.example', 'x', 'Old', 'Buyer');
        insert into orders (id, user_id, currency, rate, subtotal_cents, discount_cents, shipping_cents, total_cents,
          currency_subtotal_cents, currency_discount_cents, currency_shipping_cents, currency_total_cents,
          shipping_method_name, shipping_address, payment_method, phone)
        values ('${ORDER}', '${USER}', 'USD', 1, 11499, 0, 0, 11499, 11499, 0, 0, 11499, 'Standard',
          '{"streetAddress":"Calle 1","city":null,"province":null,"postalCode":null,"country":"DO","phone":null}', 'cash_on_delivery', '8095550000');
        insert into order_items (order_id, product_id, position, title, sku, img, product_type, unit_price_cents, discount, quantity, line_total_cents, color, size)
        values ('${ORDER}', '${SHOE}', 0, 'Tempo Knit Running Shoe', 'TKRS-01', '/a.png', 'fashion', 8999, 0, 1, 8999, 'Navy', '42'),
               ('${ORDER}', '${LAMP}', 1, 'Desk Lamp', 'LAMP-1', '/l.png', 'fashion', 2500, 0, 1, 2500, null, null);
      `);
      const database = await openDatabase({ url: "memory:", dataDir: "", pglite: client });
      await database.migrate();

      const shoe = toProduct((await findProductRow(database.db, SHOE))!);
      expect(shoe.options).toEqual([
        {
          name: "Color",
          values: [
            { value: "Coral", clrCode: "#F26B5B" },
            { value: "Navy", clrCode: "#1F3A5F" },
          ],
        },
        { name: "Size", values: ["41", "42", "43"].map((value) => ({ value, clrCode: null })) },
      ]);
      expect(shoe.variants.map((v) => [v.sku, v.options, v.quantity, v.img])).toEqual([
        ["TKRS-01-CORAL-41", { Color: "Coral", Size: "41" }, 3, "/a.png"],
        ["TKRS-01-CORAL-42", { Color: "Coral", Size: "42" }, 2, "/a.png"],
        ["TKRS-01-CORAL-43", { Color: "Coral", Size: "43" }, 2, "/a.png"],
        ["TKRS-01-NAVY-41", { Color: "Navy", Size: "41" }, 2, "/b.png"],
        ["TKRS-01-NAVY-42", { Color: "Navy", Size: "42" }, 2, "/b.png"],
        ["TKRS-01-NAVY-43", { Color: "Navy", Size: "43" }, 2, "/b.png"],
      ]);
      expect(shoe.quantity).toBe(13);
      expect(shoe.variants.every((v) => v.price === 89.99 && v.discount === 0)).toBe(true);

      const lamp = toProduct((await findProductRow(database.db, LAMP))!);
      expect(lamp.options).toEqual([]);
      expect(lamp.variants).toEqual([
        expect.objectContaining({ sku: "LAMP-1", options: {}, quantity: 4, status: "in-stock", img: null }),
      ]);
      const mug = toProduct((await findProductRow(database.db, MUG))!);
      expect(mug.variants.map((v) => [v.sku, v.quantity, v.status])).toEqual([
        ["MUG-1-WHITE", 0, "out-of-stock"],
        ["MUG-1-BLACK", 0, "out-of-stock"],
      ]);

      // The listing's documents carry the same product, variants and all.
      for (const product of [shoe, lamp, mug]) {
        const { rows } = await client.query<{ document: string }>(
          "select document from product_documents where product_id = $1",
          [product.id],
        );
        expect(productSchema.parse(JSON.parse(rows[0]!.document))).toStrictEqual(
          productSchema.parse(product),
        );
      }

      // The order keeps its lines as they were, each tied to the variant its colour and size name.
      const { rows: lines } = await client.query<{
        sku: string;
        color: string | null;
        size: string | null;
        options: Record<string, string>;
        variant: string | null;
      }>(
        "select i.sku, i.color, i.size, i.options, v.sku as variant from order_items i left join product_variants v on v.id = i.variant_id where i.order_id = $1 order by i.position",
        [ORDER],
      );
      expect(lines).toEqual([
        {
          sku: "TKRS-01",
          color: "Navy",
          size: "42",
          options: { Color: "Navy", Size: "42" },
          variant: "TKRS-01-NAVY-42",
        },
        { sku: "LAMP-1", color: null, size: null, options: {}, variant: "LAMP-1" },
      ]);
      await database.close();
    } finally {
      await rm(earlier, { recursive: true, force: true });
    }
  });
});
