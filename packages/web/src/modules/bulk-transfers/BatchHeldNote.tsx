import { Link } from 'react-router';
import { linkClass } from '../ui/linkClass';
import { heldTransfersPath } from './bulkPaths';

/**
 * How many of a running batch's transfers the fraud rules hold, with the way to release or block
 * them: the run cannot finish until someone does. Nothing while none is held.
 */
export function BatchHeldNote({ batchId, held, unit }: { batchId: number; held: number; unit: string }) {
  if (held === 0) return null;
  const one = held === 1;
  return (
    <p data-testid="held-rows" className="text-amber-800 dark:text-amber-300">
      {held.toLocaleString('en-NG')} {one ? `${unit} is` : `${unit}s are`} held by the fraud rules until someone releases or blocks {one ? 'it' : 'them'}:{' '}
      <Link to={heldTransfersPath(batchId)} className={linkClass}>
        review the held {one ? 'transfer' : 'transfers'}
      </Link>
      .
    </p>
  );
}
