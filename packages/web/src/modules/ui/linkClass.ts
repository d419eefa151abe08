/** An inline text link (react-router's `<Link>` or `<a>`): the accent colour, underlined on hover. */
export const linkClass = 'text-accent-700 underline-offset-2 hover:underline dark:text-accent-400';

/** A link standing among a page's buttons (beside "New loan"): the link's look at a button's height. */
export const actionLinkClass = `${linkClass} inline-flex h-8 items-center text-sm`;
