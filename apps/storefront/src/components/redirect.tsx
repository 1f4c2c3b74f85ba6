/**
 * Replaces the current page with another. react-router's <Navigate> and useSearchParams would enter the
 * router's shared chunk, which the first screen loads; useNavigate and useLocation are there already.
 */
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

/** The current query string's values. */
export function useQueryParams(): URLSearchParams {
  return new URLSearchParams(useLocation().search);
}
