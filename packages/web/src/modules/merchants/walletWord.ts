import { humanize } from '../ui/humanize';

/** A wallet status as words after "Wallet": `on PND` keeps the acronym, the rest read plainly (`frozen`). */
export const walletWord = (status: string) => (status === 'PND' ? 'on PND' : humanize(status).toLowerCase());
