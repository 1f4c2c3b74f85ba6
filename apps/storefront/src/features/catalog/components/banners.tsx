/** The banners showing now in one place, apart from the other sections: home's first screen draws them. */
import { BannerSlider } from "@shop/ui/banner-slider";
import { PictureSkeleton } from "@shop/ui/skeletons";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "#components/load-error.tsx";
import { catalogQueries } from "../queries.ts";

/**
 * The banners showing now in one place, as a slider (one banner: just the banner). `priority`: the first is the
 * page's LCP image, and a placeholder of its size holds its place while the banners load.
 */
export function Banners({
  position,
  priority = false,
  label,
}: {
  position: string;
  priority?: boolean;
  label?: string;
}) {
  const { data, error, refetch } = useQuery(catalogQueries.banners(position));
  if (error) return <LoadError error={error} onRetry={() => refetch()} what="the banners" />;
  if (!data) {
    if (!priority) return null;
    return <PictureSkeleton ratio="1600 / 600" label="Loading the banners" />;
  }
  return <BannerSlider banners={data.items} priority={priority} label={label} />;
}
