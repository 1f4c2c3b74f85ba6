/** The blog's server data through TanStack Query, answered from the sample catalogue when the API is down. */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { withFallback } from "#lib/offline.ts";

class NotFound extends Error {
  readonly status = 404;
}

export const BLOG_PAGE_SIZE = 6;

export const blogQueries = {
  list: (page = 1, pageSize = BLOG_PAGE_SIZE) =>
    queryOptions({
      queryKey: ["blog", "list", page, pageSize],
      queryFn: () =>
        withFallback(
          (c) => c.blog.list({ page, pageSize }),
          (s) => s.blog.list(page, pageSize),
        ),
      placeholderData: keepPreviousData,
      staleTime: 5 * 60_000,
    }),
  post: (idOrSlug: string) =>
    queryOptions({
      queryKey: ["blog", "post", idOrSlug],
      queryFn: () =>
        withFallback(
          (c) => c.blog.get(idOrSlug),
          (s) => {
            const post = s.blog.get(idOrSlug);
            if (!post) throw new NotFound("Blog post not found");
            return post;
          },
        ),
      staleTime: 5 * 60_000,
    }),
};
