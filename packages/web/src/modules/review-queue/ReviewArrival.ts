/** What a page is told when the queue opens it after a decision (kept in the history entry's state). */
export interface ReviewArrival {
  /** What was just done ("KYC #12 approved."), shown in the page's status line. */
  notice: string;
  /** Put focus where the next decision is made (`data-focus-home`, else the table). */
  focus: boolean;
}
