/** What a page hands a sweep's page when it opens it: what the server just said. */
export interface SweepPageState {
  notice?: string;
}
