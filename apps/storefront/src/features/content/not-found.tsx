/** The 404 page: the status code, the message, the spec's exact text and a Back to Home link. */
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { pageMessages } from "@shop/domain/messages";
import { type DocumentHead, useDocumentHead } from "#lib/document-head.ts";
import { pageTitle } from "#lib/shop-name.ts";

/** Its head, the same whether the route table does not know the path or the shop does not have the product. */
export const notFoundHead = {
  title: pageTitle(pageMessages.notFoundMessage),
  description: pageMessages.notFoundText,
} satisfies DocumentHead;

export function NotFound() {
  useDocumentHead(notFoundHead);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: "center" }}>
      <Typography
        component="p"
        sx={{ fontSize: "4rem", fontWeight: 800, color: "primary.main", lineHeight: 1 }}
      >
        {pageMessages.notFoundStatus}
      </Typography>
      <Typography component="h1" variant="h1" sx={{ my: 2 }}>
        {pageMessages.notFoundMessage}
      </Typography>
      <Typography sx={{ mb: 3 }}>{pageMessages.notFoundText}</Typography>
      <Link href="/" sx={{ fontWeight: 700, fontSize: "1.125rem" }}>
        {pageMessages.backToHome}
      </Link>
    </Container>
  );
}
