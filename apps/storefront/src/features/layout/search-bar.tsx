/** The header's search bar: a form that goes to /search?searchText=... */
import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import { shopRoutes } from "@shop/domain/routes";
import { useNavigate } from "react-router";

export function SearchBar() {
  const navigate = useNavigate();
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const text = String(new FormData(event.currentTarget).get("searchText") ?? "").trim();
        navigate(
          text ? `${shopRoutes.search.path}?searchText=${encodeURIComponent(text)}` : shopRoutes.search.path,
        );
      }}
      sx={{ display: "flex", gap: 1, py: 1.5 }}
    >
      <Box
        component="input"
        name="searchText"
        type="search"
        aria-label="Search products"
        placeholder="Search products"
        autoFocus
        maxLength={200}
        sx={{
          flex: 1,
          minWidth: 0,
          font: "inherit",
          px: 1.5,
          py: 1,
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          bgcolor: "background.paper",
          color: "text.primary",
        }}
      />
      <IconButton
        type="submit"
        aria-label="Search"
        sx={{
          bgcolor: "primary.main",
          color: "primary.contrastText",
          borderRadius: 1,
          "&:hover": { bgcolor: "primary.dark" },
        }}
      >
        <SearchIcon />
      </IconButton>
    </Box>
  );
}
