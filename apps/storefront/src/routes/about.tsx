/** /about: who the shop is and what it promises. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { type Meta, pageHead } from "#app/route-module.ts";

const promises = [
  {
    title: "Two currencies",
    text: "Every price in Dominican pesos or US dollars, at the day's exchange rate.",
  },
  { title: "30-day easy returns", text: "Changed your mind? Send it back within 30 days." },
  { title: "Same-day dispatch", text: "Order before 2.30pm and your parcel leaves the same day." },
];

export const meta: Meta<"about"> = (args) =>
  pageHead(args, "About us", "Who we are, what we sell and how we deliver across the Dominican Republic.");

export default function AboutPage() {
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
        About us
      </Typography>
      <Typography sx={{ mb: 2, fontSize: "1.125rem" }}>
        We are a small shop with a big catalogue: electronics, fashion, beauty and jewelry, chosen for people
        who want good things at fair prices, shown in Dominican pesos or US dollars.
      </Typography>
      <Typography sx={{ mb: 4 }}>
        Every product is checked before it ships, and every price you see is the price you pay: the shop
        re-checks stock and prices when you order, so there are no surprises at the door.
      </Typography>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, 1fr)" }, mb: 4 }}>
        {promises.map((p) => (
          <Box
            key={p.title}
            sx={{ p: 2, border: 1, borderColor: "divider", borderRadius: 2, bgcolor: "background.paper" }}
          >
            <Typography component="h2" variant="h4" sx={{ mb: 1 }}>
              {p.title}
            </Typography>
            <Typography>{p.text}</Typography>
          </Box>
        ))}
      </Box>
      <Button variant="contained" href="/shop">
        Start shopping
      </Button>
    </Container>
  );
}
