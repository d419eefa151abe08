/** An inline text link (react-router's `<Link>` or `<a>`): the accent colour, underlined on hover. */
export const linkClass = 'text-accent-700 underline-offset-2 hover:underline dark:text-accent-400';
