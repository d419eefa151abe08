/** A line on a transfer's page about what was just done or refused. */
export interface TransferNotice {
  tone: 'done' | 'refused';
  text: string;
}
