import { downloadExport } from '@traction/core';
import { saveFileAnswer } from '../forms/saveFileAnswer';
import { failureMessage } from '../forms/useCommandRun';

/** Saves a ready export's CSV; answers null when saved, else why it was not. */
export async function saveExportFile(id: number): Promise<string | null> {
  try {
    await saveFileAnswer(downloadExport, { id }, new AbortController().signal);
    return null;
  } catch (error) {
    return `Export #${id} could not be downloaded: ${failureMessage(error instanceof Error ? error : new Error(String(error)))}`;
  }
}
