/**
 * The home page's sections below its first screen: the week's deals with their countdown, the categories, the new
 * arrivals and the blog teaser. Their own chunk, loaded when the shopper scrolls near the first of them: the first
 * screen does not pay for their code (the countdown, the category tiles, the blog cards, the price).
 */
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { BlogCard } from "@shop/ui/blog-card";
import { Countdown } from "@shop/ui/countdown";
import { PICTURE_SLOTS } from "@shop/ui/picture-slots";
import { Price } from "@shop/ui/price";
import { ResponsivePicture } from "@shop/ui/responsive-picture";
import { useQuery } from "@tanstack/react-query";
import { Section } from "#components/section.tsx";
import { blogQueries } from "#features/blog/queries.ts";
import { Categories, Listed } from "#features/catalog/components/sections.tsx";
import { catalogQueries } from "#features/catalog/queries.ts";
import { useMoney } from "#features/currency/use-money.ts";
import { shopHref } from "#routes.ts";

export function Offers() {
  const { data } = useQuery(catalogQueries.featured());
  const money = useMoney();
  const now = Date.now();
  const offers = (data ?? []).filter((p) => p.offerDate && Date.parse(p.offerDate.endDate) > now).slice(0, 2);
  if (offers.length === 0) return null;
  return (
    <Section
      title="Deals of the week"
      action={{ label: "All deals", href: shopHref.listing({ status: "on-sale" }) }}
    >
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        {offers.map((product) => (
          <Box
            key={product.id}
            component="article"
            sx={{ display: "flex", gap: 2, p: 2, bgcolor: "background.paper", borderRadius: 2, boxShadow: 1 }}
          >
            <Box
              sx={{
                flexShrink: 0,
                alignSelf: "flex-start",
                "& img": {
                  display: "block",
                  width: { xs: 104, sm: 160 },
                  height: "auto",
                  aspectRatio: "1 / 1",
                  borderRadius: 1,
                },
              }}
            >
              <ResponsivePicture
                src={product.img}
                alt=""
                width={600}
                height={600}
                slot={PICTURE_SLOTS.dealThumbnail}
              />
            </Box>
            <Box sx={{ display: "flex", flexDirection: "column", gap: 1, minWidth: 0 }}>
              <Typography component="h3" sx={{ fontWeight: 700 }}>
                <Link href={shopHref.product(product.id)} color="inherit">
                  {product.title}
                </Link>
              </Typography>
              {money && <Price price={product.price} discount={product.discount} {...money} />}
              <Countdown endDate={product.offerDate!.endDate} />
            </Box>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

export function BlogTeaser() {
  const { data, isPending } = useQuery(blogQueries.list(1, 3));
  // Its place kept, and said to be busy, while the posts load; nothing at all without any.
  if (isPending) return <Box aria-busy="true" sx={{ minHeight: 400 }} />;
  if (!data?.items.length) return null;
  return (
    <Section title="From the blog" action={{ label: "All posts", href: "/blog" }}>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" } }}>
        {data.items.map((post) => (
          <BlogCard key={post.id} post={post} href={shopHref.blogPost(post.slug)} />
        ))}
      </Box>
    </Section>
  );
}

export function CategoriesSection() {
  return (
    <Section title="Categories" action={{ label: "All categories", href: "/shop-categories" }}>
      <Categories count={6} />
    </Section>
  );
}

export function NewArrivals() {
  return (
    <Section
      title="New arrivals"
      action={{ label: "See more", href: shopHref.listing({ sort: "new-added" }) }}
    >
      <Listed filters={{ sort: "new-added", pageSize: 4 }} />
    </Section>
  );
}
