import { Box, Text, useInput } from 'ink';
import { PromptField } from './PromptField';
import { useEffect, useState } from 'react';

export interface ConfirmProps {
  /** The question ("Delete an admin?"). */
  question: string;
  /** What will happen, one line each (the input being sent). */
  details?: readonly string[];
  /** For money: the word to type in full instead of pressing y. */
  typed?: string;
  /** Called once, after the answer is on screen: yes, no (n, Enter, Esc, another word typed), or Ctrl+C. */
  onAnswer(answer: ConfirmAnswer): void;
}

export type ConfirmAnswer = 'yes' | 'no' | 'interrupted';

/**
 * Asks before a command marked "confirm" (y/N, No by default) or "money" (type a word). Ctrl+C
 * is told apart from No: the terminal is in raw mode, so it arrives as a key, and the caller
 * exits as an interrupted command does.
 */
export function Confirm({ question, details = [], typed, onAnswer }: ConfirmProps) {
  const [answer, setAnswer] = useState<ConfirmAnswer | undefined>();
  const [text, setText] = useState('');

  useInput((input, key) => {
    if (answer !== undefined) return;
    if (key.ctrl && input === 'c') return setAnswer('interrupted');
    if (key.escape) return setAnswer('no');
    if (typed) return;
    if (input === 'y' || input === 'Y') setAnswer('yes');
    else if (input === 'n' || input === 'N' || key.return) setAnswer('no');
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: answer once, when the answer is given; the caller's callback is a new function on each render.
  useEffect(() => {
    if (answer !== undefined) onAnswer(answer);
  }, [answer]);

  return (
    <Box flexDirection="column">
      {details.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines of text, never reordered; two lines may read the same.
        <Text key={index} dimColor>
          {line}
        </Text>
      ))}
      {typed ? (
        <Box>
          <Text bold>{question} </Text>
          <Text>Type "{typed}" to go ahead: </Text>
          {answer === undefined ? (
            <PromptField value={text} onChange={setText} onSubmit={(value) => setAnswer(value.trim() === typed ? 'yes' : 'no')} />
          ) : (
            <Text>{text}</Text>
          )}
        </Box>
      ) : (
        <Text>
          <Text bold>{question}</Text> <Text dimColor>(y/N)</Text> {answer === 'yes' ? 'yes' : answer === 'no' ? 'no' : ''}
        </Text>
      )}
      {answer === 'no' ? <Text dimColor>Nothing was done.</Text> : null}
      {answer === 'interrupted' ? <Text dimColor>Interrupted. Nothing was done.</Text> : null}
    </Box>
  );
}
