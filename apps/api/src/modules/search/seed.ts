/**
 * The sample shop's synonyms: the Spanish a Dominican shopper types for the catalogue's products and categories,
 * and the English variants (British spellings, other names) its English titles do not use.
 */
import type { Db, Tx } from "../../db/client.ts";
import { synonyms } from "../../db/schema.ts";

/** [what shoppers type, what the catalogue calls it] */
export const SAMPLE_SYNONYMS: readonly (readonly [string, string])[] = [
  // Spanish: electronics
  ["bocina", "speaker"],
  ["parlante", "speaker"],
  ["audífonos", "headphones"],
  ["auriculares", "headphones"],
  ["celular", "smartphone"],
  ["teléfono", "phone"],
  ["móvil", "smartphone"],
  ["tableta", "tablet"],
  ["computadora", "laptop"],
  ["portátil", "laptop"],
  ["teclado", "keyboard"],
  ["ratón", "mouse"],
  ["cámara", "camera"],
  ["reloj inteligente", "smartwatch"],
  // Spanish: fashion
  ["camisa", "shirt"],
  ["camiseta", "t-shirt"],
  ["poloché", "t-shirt"],
  ["chaqueta", "jacket"],
  ["abrigo", "jacket"],
  ["vestido", "dress"],
  ["ropa", "clothing"],
  ["hombre", "men"],
  ["mujer", "women"],
  ["tenis", "sneakers"],
  ["zapatillas", "sneakers"],
  ["zapatos", "shoes"],
  ["sandalias", "sandals"],
  ["cartera", "handbag"],
  ["bolso", "bag"],
  ["bolsa", "bag"],
  // Spanish: beauty
  ["labial", "lipstick"],
  ["pintalabios", "lipstick"],
  ["bálsamo labial", "lip balm"],
  ["maquillaje", "makeup"],
  ["polvo", "powder"],
  ["crema", "cream"],
  ["hidratante", "moisturizer"],
  ["suero", "serum"],
  ["perfume", "fragrance"],
  ["colonia", "cologne"],
  ["fragancia", "fragrance"],
  ["protector solar", "spf"],
  // Spanish: jewelry
  ["reloj", "watch"],
  ["aretes", "earrings"],
  ["pantallas", "earrings"],
  ["zarcillos", "earrings"],
  ["collar", "necklace"],
  ["cadena", "chain"],
  ["dije", "pendant"],
  ["anillo", "ring"],
  ["sortija", "ring"],
  ["diamante", "diamond"],
  ["perla", "pearl"],
  ["oro", "gold"],
  ["plata", "silver"],
  ["joyería", "jewelry"],
  ["prenda", "jewelry"],
  // English variants
  ["moisturiser", "moisturizer"],
  ["colour", "color"],
  ["jewellery", "jewelry"],
  ["earphones", "headphones"],
  ["headset", "headphones"],
  ["cellphone", "smartphone"],
  ["cell phone", "smartphone"],
  ["mobile phone", "smartphone"],
  ["notebook", "laptop"],
  ["trainers", "sneakers"],
  ["purse", "handbag"],
  ["tee", "t-shirt"],
  ["scent", "fragrance"],
];

export async function seedSynonyms(db: Db | Tx): Promise<void> {
  await db.insert(synonyms).values(SAMPLE_SYNONYMS.map(([term, meaning]) => ({ term, meaning })));
}
