import type { ListColumn } from '@traction/core';
import { createContext, type ReactNode } from 'react';

/**
 * Renders chosen cells of the record tables under it as more than text (the audit log's subject
 * as a link to its page); answering undefined keeps the formatted text. Give a stable function:
 * every row on screen reads it.
 */
export type CellRenderer = (column: ListColumn, row: Record<string, unknown>, text: string) => ReactNode | undefined;

export const CellRendererContext = createContext<CellRenderer | null>(null);
