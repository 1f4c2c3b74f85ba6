/** Blog card stories: the grid and list forms, and a long title. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { sampleBlogPosts } from "../stories/sample.ts";
import { BlogCard } from "./blog-card.tsx";

const post = sampleBlogPosts()[0]!;

const meta = {
  title: "Blog/BlogCard",
  component: BlogCard,
  args: { post, href: `/blog-details/${post.id}` },
  decorators: [(Story) => <div style={{ maxWidth: 760 }}>{Story()}</div>],
} satisfies Meta<typeof BlogCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Grid: Story = {
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const article = canvas.getByRole("article");
    // One link in the tab order: the title.
    await expect(within(article).getAllByRole("link")).toHaveLength(1);
    await expect(canvas.getByRole("link", { name: post.title })).toHaveAttribute(
      "href",
      `/blog-details/${post.id}`,
    );
    await expect(article.querySelector("time")).toHaveAttribute("dateTime", post.publishedAt);
    await expect(article.querySelector("time")).toHaveTextContent("January 11, 2026");
  },
};

export const List: Story = { args: { layout: "list" } };

export const LongTitle: Story = {
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
  args: { post: sampleBlogPosts().reduce((a, b) => (b.title.length > a.title.length ? b : a)) },
};
