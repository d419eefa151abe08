/** What a page hands the bulk upload's status page when it opens it: what the server just said. */
export interface BulkPageState {
  notice?: string;
}
