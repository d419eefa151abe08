/** A view of a list that its page offers as a tab: a name and the filters it opens ("Held for review": `?status=HELD`). */
export interface ListView {
  label: string;
  /** The URL's search for it, `''` for no filter. */
  search: string;
  /** Rows it holds, when the page knows (how long a review queue is). */
  count?: number | undefined;
}
