/** Products for the units, shaped as the API sends them (everything the cart and lists store). */
import type { Product } from "@shop/domain/schemas/public";

export function product(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? "p-lamp";
  const made: Product = {
    id,
    sku: `SKU-${id}`,
    img: `/api/images/${id}.svg`,
    title: "Lámpara",
    slug: id,
    unit: "1 pc",
    imageURLs: [],
    parent: "Home",
    children: "Lighting",
    categoryId: "c-home",
    brandId: null,
    brand: { name: "Luz" },
    category: { name: "Home" },
    productType: "electronics",
    tags: [],
    price: 20,
    discount: 0,
    quantity: 5,
    status: "in-stock",
    sellCount: 0,
    sizes: [],
    featured: false,
    description: "A lamp.",
    additionalInformation: [],
    offerDate: null,
    videoId: null,
    rating: 4,
    reviewCount: 1,
    reviews: [],
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    options: [],
    variants: [],
    ...overrides,
  };
  // A product without options has one variant: its SKU, price and stock.
  return overrides.variants
    ? made
    : {
        ...made,
        variants: [
          {
            id: `${id}-only`,
            sku: made.sku,
            options: {},
            price: made.price,
            discount: made.discount,
            quantity: made.quantity,
            status: made.quantity > 0 ? "in-stock" : "out-of-stock",
            img: null,
          },
        ],
      };
}
