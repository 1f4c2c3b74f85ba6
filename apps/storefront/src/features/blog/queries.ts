/** The blog's server data through TanStack Query, answered from the sample catalogue when the API is down. */
import { BLOG_PAGE_SIZE } from "@shop/domain/constants";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { firstScreenKeys } from "#lib/first-screen.ts";
import { withFallback } from "#lib/offline.ts";

class NotFound extends Error {
  readonly status = 404;
}

export const blogQueries = {
  list: (page = 1, pageSize = BLOG_PAGE_SIZE) =>
    queryOptions({
      queryKey: firstScreenKeys.blogList(page, pageSize),
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
      queryKey: firstScreenKeys.blogPost(idOrSlug),
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
