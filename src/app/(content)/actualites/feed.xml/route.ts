import { blogFeed } from '@/content/feed';

export const dynamic = 'force-static';

/** The blog's RSS 2.0 feed, built with the site. */
export function GET() {
  return new Response(blogFeed(), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' },
  });
}
