/** A link that starts something ("New upload"), drawn as the primary button beside a page's title; it navigates, so it stays a link. */
export const buttonLinkClass =
  'inline-flex h-8 items-center justify-center gap-1.5 rounded-md bg-accent-600 px-3 text-sm font-medium text-white hover:bg-accent-700';
