/** Where the page sits in the shop: links up the way, the last item the current page. */
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";

export interface BreadcrumbItem {
  label: string;
  href?: string;
}

export interface BreadcrumbProps {
  /** From the home page down; the last is the current page. */
  items: BreadcrumbItem[];
}

const clip = {
  maxWidth: "min(24rem, 60vw)",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
} as const;

export function Breadcrumb({ items }: BreadcrumbProps) {
  if (items.length === 0) return null;
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ typography: "body2" }}>
      {items.map((item, index) =>
        index === items.length - 1 || !item.href ? (
          <Typography
            key={`${item.label}-${index}`}
            component="span"
            variant="body2"
            aria-current={index === items.length - 1 ? "page" : undefined}
            title={item.label}
            sx={{ ...clip, display: "block", color: "text.primary" }}
          >
            {item.label}
          </Typography>
        ) : (
          <Link
            key={`${item.label}-${index}`}
            href={item.href}
            color="text.secondary"
            underline="hover"
            sx={clip}
          >
            {item.label}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
