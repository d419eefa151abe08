/** What a transfer's page is opened with (the history entry's state). */
export interface TransferPageState {
  /** The Retry Portal opened it: j/k walk that list. */
  queue?: 'retry-portal';
  /** A form opened it after starting a transfer: the server's sentence about what it did. */
  transferNotice?: string;
}
