import { deductionTemplate } from '@traction/core';
import { useState } from 'react';
import { useOpenCommand } from '../commands/useOpenCommand';
import { saveFileAnswer } from '../forms/saveFileAnswer';
import { Button } from '../ui/Button';

/** The spec's "deduction template link" on the Datasets page: saves the deduction upload template (CSV), saying how it went. */
export function DeductionTemplateButton() {
  const { allowed } = useOpenCommand();
  const [note, setNote] = useState('');
  if (!allowed(deductionTemplate)) return null;
  const save = async () => {
    setNote('Saving the template…');
    try {
      setNote((await saveFileAnswer(deductionTemplate, {}, new AbortController().signal)).message);
    } catch (error) {
      setNote(`The template could not be saved: ${(error as Error).message}`);
    }
  };
  return (
    <>
      <Button onClick={() => void save()} data-action="deduction-template">
        Deduction template
      </Button>
      {note ? (
        <span role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {note}
        </span>
      ) : null}
    </>
  );
}
