/** The KYC record page's status line: what a decision did, or why a key was refused. */
export interface KycNotice {
  tone: 'done' | 'refused';
  text: string;
}
