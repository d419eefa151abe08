import { useEffect, useRef } from 'react';
import { Button } from '../ui/Button';

/** What a public form shows once sent: the reference to quote and the server's sentence, focused so a screen reader reads it. */
export function PublicFormReceived({ reference, message, again }: { reference: string; message: string; again: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section role="status" data-testid="public-form-received" className="space-y-3">
      <h2 ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
        Received:{' '}
        <span className="font-mono" data-reference>
          {reference}
        </span>
      </h2>
      <p>{message}</p>
      <Button variant="ghost" onClick={again}>
        Send another
      </Button>
    </section>
  );
}
